import { createInProcessBus, type FeedBus } from '@tablecast/bus';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedFrameArchive } from '../broadcast/feed-frame-archive';
import { FeedHub, type FeedClient } from './feed-hub.service';

class RecordingClient implements FeedClient {
  readonly sent: Buffer[] = [];
  /** How many frames each call handed over (one call is one socket write on a real client). */
  readonly writes: number[] = [];
  sendEncoded(frames: readonly Buffer[]): void {
    this.sent.push(...frames);
    this.writes.push(frames.length);
  }
  texts(): string[] {
    return this.sent.map((b) => b.toString('utf8'));
  }
}

describe('FeedHub (gateway side of the bus)', () => {
  let bus: FeedBus;
  let hub: FeedHub;
  const publish = (seq: number, audience: 'venue' | 'broadcast' = 'venue'): Promise<void> =>
    bus.publish({ audience, matchId: 'm1', seq, payload: `frame-${audience}-${String(seq)}` });

  /** The hub fans out once the current event-loop turn is over. */
  const fannedOut = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

  beforeEach(async () => {
    bus = createInProcessBus();
    hub = new FeedHub(bus);
    await hub.onModuleInit();
  });
  afterEach(async () => {
    await hub.onModuleDestroy();
    await bus.close();
  });

  it('sends the same bytes to every client of the audience, and nothing of another audience', async () => {
    const a = new RecordingClient();
    const b = new RecordingClient();
    expect(hub.subscribe(a, 'm1', 'venue')).toEqual({ latestSeq: 0, resumed: false, backlog: [] });
    hub.subscribe(b, 'm1', 'venue');
    await publish(1);
    await publish(1, 'broadcast');
    await fannedOut();
    expect(a.texts()).toEqual(['frame-venue-1']);
    expect(b.sent[0]).toBe(a.sent[0]);
  });

  it('gives a new client the latest frame as its snapshot, and a resuming one exactly what it missed', async () => {
    for (let seq = 1; seq <= 5; seq += 1) await publish(seq);
    const late = new RecordingClient();
    const snapshot = hub.subscribe(late, 'm1', 'venue');
    expect(snapshot.resumed).toBe(false);
    expect(snapshot.latestSeq).toBe(5);
    expect(snapshot.backlog.map((b) => b.toString())).toEqual(['frame-venue-5']);

    const resuming = new RecordingClient();
    const resumed = hub.subscribe(resuming, 'm1', 'venue', 3);
    expect(resumed.resumed).toBe(true);
    expect(resumed.backlog.map((b) => b.toString())).toEqual(['frame-venue-4', 'frame-venue-5']);
    await publish(6);
    await fannedOut();
    expect(resuming.texts()).toEqual(['frame-venue-6']);

    const fromTheFuture = hub.subscribe(new RecordingClient(), 'm1', 'venue', 99);
    expect(fromTheFuture.resumed).toBe(false);
    expect(fromTheFuture.backlog.map((b) => b.toString())).toEqual(['frame-venue-6']);
  });

  it('drops a frame the bus repeats (at-least-once delivery) and stops sending after unsubscribe', async () => {
    const client = new RecordingClient();
    hub.subscribe(client, 'm1', 'venue');
    await publish(1);
    await publish(1);
    await publish(2);
    await fannedOut();
    hub.unsubscribe(client, 'm1');
    await publish(3);
    await fannedOut();
    expect(client.texts()).toEqual(['frame-venue-1', 'frame-venue-2']);
  });

  it('sends the frames that arrive in one turn (a deal records five events) to each client in one write, in order', async () => {
    const a = new RecordingClient();
    const b = new RecordingClient();
    hub.subscribe(a, 'm1', 'venue');
    hub.subscribe(b, 'm1', 'venue');
    for (let seq = 1; seq <= 5; seq += 1) await publish(seq);
    expect(a.sent).toEqual([]);
    await fannedOut();
    const five = [1, 2, 3, 4, 5].map((seq) => `frame-venue-${String(seq)}`);
    expect(a.texts()).toEqual(five);
    expect(a.writes).toEqual([5]);
    expect(b.sent).toEqual(a.sent);
    await publish(6);
    await fannedOut();
    expect(a.writes).toEqual([5, 1]);
  });

  it('never sends a frame twice nor skips one to a client that subscribes between its arrival and its fan-out', async () => {
    const early = new RecordingClient();
    hub.subscribe(early, 'm1', 'venue');
    await publish(1);
    await publish(2);
    // Frames 1-2 are in the window but not sent yet: the early client gets them now, before the new one joins.
    const resuming = new RecordingClient();
    const result = hub.subscribe(resuming, 'm1', 'venue', 0);
    expect(early.texts()).toEqual(['frame-venue-1', 'frame-venue-2']);
    expect(result.backlog.map(String)).toEqual(['frame-venue-1', 'frame-venue-2']);
    await publish(3);
    await fannedOut();
    expect(resuming.texts()).toEqual(['frame-venue-3']);
    expect(early.texts()).toEqual(['frame-venue-1', 'frame-venue-2', 'frame-venue-3']);
  });

  it('replays from the archive what a client missed before the window (a restart), else gives a snapshot', async () => {
    const archived = new Map([1, 2, 3, 4].map((seq) => [seq, Buffer.from(`archived-${String(seq)}`)]));
    const archive: FeedFrameArchive = {
      framesBetween: (matchId, audience, fromSeq, toSeq) => {
        const frames: Buffer[] = [];
        for (let seq = fromSeq; seq <= toSeq; seq += 1) {
          const frame = matchId === 'm1' && audience === 'venue' ? archived.get(seq) : undefined;
          if (frame === undefined) return null;
          frames.push(frame);
        }
        return frames;
      },
    };
    const restarted = new FeedHub(bus, archive);
    await restarted.onModuleInit();
    try {
      // After the restart the window starts at the snapshot, seq 5.
      await publish(5);
      const behind = restarted.subscribe(new RecordingClient(), 'm1', 'venue', 2);
      expect(behind.resumed).toBe(true);
      expect(behind.backlog.map((b) => b.toString())).toEqual(['archived-3', 'archived-4', 'frame-venue-5']);
      archived.delete(1);
      const pruned = restarted.subscribe(new RecordingClient(), 'm1', 'venue', 0);
      expect(pruned.resumed).toBe(false);
      expect(pruned.backlog.map((b) => b.toString())).toEqual(['frame-venue-5']);
    } finally {
      await restarted.onModuleDestroy();
    }
  });

  it('frees the channel a client waited on once it leaves, and keeps a real match window', async () => {
    await publish(1);
    expect(hub.knows('m1')).toBe(true);
    expect(hub.knows('made_up_1')).toBe(false);
    const before = hub.channelCount;
    const spammer = new RecordingClient();
    for (let i = 0; i < 1_000; i += 1) hub.subscribe(spammer, `made_up_${String(i)}`, 'venue');
    hub.subscribe(spammer, 'm1', 'venue');
    expect(hub.subscriptionCount(spammer)).toBe(1_001);
    expect(hub.isSubscribed(spammer, 'made_up_7', 'venue')).toBe(true);
    hub.unsubscribe(spammer, 'made_up_7');
    expect(hub.isSubscribed(spammer, 'made_up_7', 'venue')).toBe(false);
    expect(hub.channelCount).toBe(before + 999);
    hub.unsubscribe(spammer);
    expect(hub.subscriptionCount(spammer)).toBe(0);
    expect(hub.channelCount).toBe(before);
    // The match's window outlived its last client: a late subscriber still gets its snapshot.
    expect(hub.subscribe(new RecordingClient(), 'm1', 'venue').backlog.map(String)).toEqual([
      'frame-venue-1',
    ]);
  });

  it('keeps its windows within FEED_WINDOW_BYTES: the matches fed least recently are cut to their snapshot, the busy one resumes whole', async () => {
    // 1 KB frames, a 200 KB budget: 100 matches of 10 frames each would hold 1,000 KB.
    const frame = (matchId: string, seq: number): Buffer => {
      const bytes = Buffer.alloc(1_000, 'x');
      bytes.write(`${matchId}-${String(seq)}-`);
      return bytes;
    };
    const budget = 200_000;
    const bounded = new FeedHub(bus, null, null, null, budget);
    await bounded.onModuleInit();
    try {
      for (let match = 1; match <= 100; match += 1)
        for (let seq = 1; seq <= 10; seq += 1)
          await bus.publish({
            audience: 'venue',
            matchId: `m${String(match)}`,
            seq,
            payload: frame(`m${String(match)}`, seq),
          });
      // Every match keeps its snapshot, and the hub no more than the budget.
      expect(bounded.windowBytes).toBeLessThanOrEqual(budget);
      expect(bounded.windowBytes).toBeGreaterThanOrEqual(100 * 1_000);
      // The match fed last still has its whole window: a client behind by 9 frames gets all 9.
      const busy = bounded.subscribe(new RecordingClient(), 'm100', 'venue', 1);
      expect(busy).toMatchObject({ resumed: true, latestSeq: 10 });
      expect(busy.backlog.map((b) => b.toString().slice(0, 7))).toEqual(
        [2, 3, 4, 5, 6, 7, 8, 9, 10].map((seq) => `m100-${String(seq)}-`.slice(0, 7)),
      );
      // The first match was cut to its snapshot: a resume there gets the latest frame, marked not resumed.
      const idle = bounded.subscribe(new RecordingClient(), 'm1', 'venue', 1);
      expect(idle.resumed).toBe(false);
      expect(idle.backlog.map((b) => b.toString().slice(0, 6))).toEqual(['m1-10-']);
      // Fed again, it starts a window of its own from its snapshot on.
      await bus.publish({ audience: 'venue', matchId: 'm1', seq: 11, payload: frame('m1', 11) });
      expect(bounded.subscribe(new RecordingClient(), 'm1', 'venue', 10)).toMatchObject({
        resumed: true,
        latestSeq: 11,
      });
    } finally {
      await bounded.onModuleDestroy();
    }
  });
});
