import { createInProcessBus, type FeedBus } from '@tablecast/broadcast';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FeedHub, type FeedClient } from './feed-hub.service';

class RecordingClient implements FeedClient {
  readonly sent: Buffer[] = [];
  sendEncoded(frame: Buffer): void {
    this.sent.push(frame);
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
    hub.unsubscribe(client, 'm1');
    await publish(3);
    expect(client.texts()).toEqual(['frame-venue-1', 'frame-venue-2']);
  });
});
