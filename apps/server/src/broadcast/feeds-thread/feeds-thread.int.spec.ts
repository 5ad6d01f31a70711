import { createInProcessBus, type BusMessage, type FeedBus } from '@tablecast/bus';
import type { EventStore } from '@tablecast/event-store';
import { matchStream, type TablecastEvent } from '@tablecast/events';
import type { FeedFrame } from '@tablecast/protocol';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { directorFrameOf } from '../director-frame';
import { DisclosureStore } from '../disclosure-store';
import { encodedFrameOf } from '../encoded-frames';
import { FeedProducer } from '../feed-producer.service';
import { systemClock } from '../../clock/clock';
import type { AppConfig } from '../../config';
import { FeedsThread } from './feeds-thread';
import {
  closeThreadSpecLog,
  openThreadSpecLog,
  playedDealEvents,
  quietThreadLogger,
  waitFor,
  type ThreadSpecLog,
} from './testing/thread-spec-support';

const DELAY_MS = 1_500;
const context = {
  correlationId: 'feeds-thread',
  causationId: null,
  actor: { id: 'test', role: 'system' as const },
};

/** A gateway's view of a bus: every frame, and the frames it keeps once repeats are dropped by seq. */
class Gateway {
  readonly all: BusMessage[] = [];
  readonly kept = new Map<string, BusMessage[]>();
  readonly handler = (message: BusMessage): void => {
    this.all.push(message);
    const key = `${message.matchId}/${message.audience}`;
    const kept = this.kept.get(key) ?? [];
    if (kept.length === 0 || message.seq > (kept.at(-1)?.seq ?? 0)) kept.push(message);
    this.kept.set(key, kept);
  };
  frames(matchId: string, audience: string): BusMessage[] {
    return this.kept.get(`${matchId}/${audience}`) ?? [];
  }
  /** The log revisions of the events the audience's frames carried, in order. */
  revisions(matchId: string, audience: string): number[] {
    return this.frames(matchId, audience).flatMap((m) => {
      const event = (JSON.parse(String(m.payload)) as FeedFrame).event;
      return event === null ? [] : [event.revision];
    });
  }
  bytes(matchId: string, audience: string): string[] {
    return this.frames(matchId, audience).map((m) => (m.payload as Buffer).toString('utf8'));
  }
}

const events = (seed: string) => playedDealEvents(seed, context);

describe('the feeds thread (FEEDS_THREAD=worker): the producer in a worker thread, relayed to the bus', () => {
  let log: ThreadSpecLog;
  let root: string;
  let config: AppConfig;
  let store: EventStore<TablecastEvent>;
  let bus: FeedBus;
  let thread: FeedsThread | undefined;

  beforeEach(() => {
    log = openThreadSpecLog('tablecast-feeds-thread-', DELAY_MS);
    ({ root, config, store, bus } = log);
  });

  afterEach(async () => {
    await thread?.stop();
    thread = undefined;
    await closeThreadSpecLog(log);
  });

  function startThread(): FeedsThread {
    thread = new FeedsThread(config, bus, { logFile: log.logFile, logger: quietThreadLogger });
    return thread;
  }

  it('publishes the frames a main-thread producer publishes, byte for byte, live and released after the delay', async () => {
    const all = events('thread-same');
    const half = Math.floor(all.length / 2);
    await store.append(matchStream('ft_1'), all.slice(0, half), 'no_stream');
    const viaThread = new Gateway();
    await bus.subscribe(viaThread.handler);

    // The reference: the producer on this thread, over the same log, with a ledger of its own.
    const reference = new Gateway();
    const referenceBus = createInProcessBus();
    await referenceBus.subscribe(reference.handler);
    const referenceConfig = { ...config, TABLECAST_DATA_DIR: join(root, 'reference') };
    const referenceLedger = new DisclosureStore(referenceConfig.TABLECAST_DATA_DIR);
    const producer = new FeedProducer(
      referenceConfig,
      store,
      referenceBus,
      systemClock,
      { now: () => performance.now() },
      referenceLedger,
    );
    try {
      const feeds = startThread();
      expect(feeds.readiness().ok, 'not ready before it caught up').toBe(false);
      await Promise.all([feeds.start(), producer.start()]);
      expect(feeds.readiness()).toMatchObject({ ok: true });

      await store.append(matchStream('ft_1'), all.slice(half), half - 1);
      await waitFor('every event on the staff feed from both', () =>
        [viaThread, reference].every((g) => g.revisions('ft_1', 'staff').length === all.length),
      );
      await waitFor('the broadcast released after the delay by both', () =>
        [viaThread, reference].every((g) => g.revisions('ft_1', 'broadcast').length === all.length),
      );

      for (const audience of ['staff', 'venue']) {
        expect(viaThread.bytes('ft_1', audience), audience).toEqual(reference.bytes('ft_1', audience));
      }
      // The delayed audiences' releases follow each producer's own timer (how many status frames
      // come between them differs by a tick): the same events, in order, with the same views.
      for (const audience of ['broadcast', 'commentary']) {
        const shape = (g: Gateway): unknown[] =>
          g.frames('ft_1', audience).flatMap((m) => {
            const frame = JSON.parse(String(m.payload)) as FeedFrame;
            if (frame.event === null) return [];
            return [[frame.event.revision, JSON.stringify(frame.view)]];
          });
        expect(shape(viaThread), audience).toEqual(shape(reference));
      }
      // The director's fields came beside each broadcast frame: it reads those, not a parse of the bytes.
      const besides = viaThread.frames('ft_1', 'broadcast');
      expect(besides.length).toBeGreaterThanOrEqual(all.length);
      for (const message of besides) {
        const whole = JSON.parse(String(message.payload)) as FeedFrame;
        expect(encodedFrameOf(message.payload), `broadcast seq ${String(message.seq)}`).toEqual(
          directorFrameOf(whole),
        );
      }
      const labels = viaThread.all.map((m) => `${m.audience}/${String(m.seq)}`);
      expect(labels.length, 'nothing sent twice').toBe(new Set(labels).size);
      // Released no earlier than recorded + delay (TC-FEED-2), in the thread's own ledger.
      const ledger = new DisclosureStore(config.TABLECAST_DATA_DIR, 'readOnly');
      try {
        const released = ledger.list('ft_1', 'broadcast').filter((e) => e.recordedAt !== null);
        expect(released).toHaveLength(all.length);
        for (const entry of released) {
          expect(entry.releasedAt).toBeGreaterThanOrEqual(Date.parse(entry.recordedAt ?? '') + DELAY_MS);
        }
      } finally {
        ledger.close();
      }
    } finally {
      await producer.onApplicationShutdown();
      await referenceBus.close();
      referenceLedger.close();
    }
  }, 60_000);

  it('a thread that dies mid-match is not ready, is started again, and its feeds go on with no gap and no early release', async () => {
    const all = events('thread-killed');
    const third = Math.floor(all.length / 3);
    await store.append(matchStream('ft_2'), all.slice(0, third), 'no_stream');
    const gateway = new Gateway();
    await bus.subscribe(gateway.handler);
    const feeds = startThread();
    await feeds.start();
    await store.append(matchStream('ft_2'), all.slice(third, 2 * third), third - 1);
    await waitFor(
      'two thirds on the staff feed',
      () => gateway.revisions('ft_2', 'staff').length === 2 * third,
    );

    // Killed as a crash would, between frames: at the first frame of the last third to reach
    // this thread, while the thread is still posting the rest of its turn.
    let killed: Promise<number> | undefined;
    await bus.subscribe((message) => {
      if (killed !== undefined || message.matchId !== 'ft_2' || message.audience !== 'staff') return;
      const revision = (JSON.parse(String(message.payload)) as FeedFrame).event?.revision ?? -1;
      if (revision >= 2 * third) killed = feeds.terminate();
    });
    await store.append(matchStream('ft_2'), all.slice(2 * third), 2 * third - 1);
    await waitFor('the thread killed', () => killed !== undefined);
    await killed;
    expect(feeds.readiness()).toMatchObject({ ok: false });

    await waitFor('the restarted thread ready', () => feeds.readiness().ok);
    await waitFor(
      'every event on the staff feed',
      () => gateway.revisions('ft_2', 'staff').length === all.length,
    );
    await waitFor(
      'the broadcast released to the end',
      () => gateway.revisions('ft_2', 'broadcast').length === all.length,
    );
    for (const audience of ['staff', 'venue', 'broadcast', 'commentary']) {
      const seqs = gateway.frames('ft_2', audience).map((m) => m.seq);
      expect(seqs, `${audience}: every seq from 1, none missing`).toEqual(seqs.map((_, i) => i + 1));
    }
    // The venue is shown less than every event (its redaction); the others every one.
    for (const audience of ['staff', 'broadcast', 'commentary']) {
      expect(gateway.revisions('ft_2', audience), `${audience}: every event once, in order`).toEqual(
        all.map((_, i) => i),
      );
    }
    const venue = gateway.revisions('ft_2', 'venue');
    expect(venue, 'venue: in order, none twice').toEqual([...new Set(venue)].sort((a, b) => a - b));
    const ledger = new DisclosureStore(config.TABLECAST_DATA_DIR, 'readOnly');
    try {
      for (const entry of ledger.list('ft_2', 'broadcast').filter((e) => e.recordedAt !== null)) {
        expect(entry.releasedAt).toBeGreaterThanOrEqual(Date.parse(entry.recordedAt ?? '') + DELAY_MS);
      }
    } finally {
      ledger.close();
    }
  }, 60_000);

  it('sends nothing a former process archived: its bus ended with it, so only new frames go out', async () => {
    const all = events('thread-after-main');
    const half = Math.floor(all.length / 2);
    await store.append(matchStream('ft_3'), all.slice(0, half), 'no_stream');
    // The former process: the producer on the main thread over the same data dir, which archives
    // every frame and marks none sent (its in-process bus cannot lose one).
    const formerBus = createInProcessBus();
    const former = new Gateway();
    await formerBus.subscribe(former.handler);
    const formerLedger = new DisclosureStore(config.TABLECAST_DATA_DIR);
    const producer = new FeedProducer(
      config,
      store,
      formerBus,
      systemClock,
      { now: () => performance.now() },
      formerLedger,
    );
    await producer.start();
    await waitFor('the former process caught up', () => former.revisions('ft_3', 'staff').length === half);
    await producer.onApplicationShutdown();
    await formerBus.close();
    formerLedger.close();
    const formerLast = former.frames('ft_3', 'staff').at(-1)?.seq ?? 0;

    const gateway = new Gateway();
    await bus.subscribe(gateway.handler);
    await startThread().start();
    await store.append(matchStream('ft_3'), all.slice(half), half - 1);
    await waitFor(
      'the rest on the staff feed',
      () => gateway.revisions('ft_3', 'staff').length === all.length - half,
    );

    const staff = gateway.all.filter((m) => m.matchId === 'ft_3' && m.audience === 'staff').map((m) => m.seq);
    expect(staff[0], 'the first staff frame is the first new one').toBe(formerLast + 1);
    expect(staff).toEqual(staff.map((_, i) => formerLast + 1 + i));
  }, 60_000);
});
