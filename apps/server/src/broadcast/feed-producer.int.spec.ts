import type { BusMessage } from '@tablecast/bus';
import type { EventStore } from '@tablecast/event-store';
import { matchStream, type TablecastEvent } from '@tablecast/events';
import {
  GUANDAN_RULESETS as RULESETS,
  playRandomGuandanMatch as playRandomMatch,
} from '@tablecast/games/testing';
import type { FeedFrame } from '@tablecast/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedProducer } from './feed-producer.service';
import { openProducerOnClocks, type ProducerOnClocks } from './testing/producer-on-clocks';

const T0 = Date.UTC(2027, 0, 1, 12, 0, 0);
const DELAY = 120_000;
const context = {
  correlationId: 'feed-test',
  causationId: null,
  actor: { id: 'test', role: 'system' as const },
};

/** Wall and monotonic clocks the test moves by hand; `jump` moves only the wall clock. */
class FakeClocks {
  wall = T0;
  mono = 0;
  readonly clock = { now: (): number => this.wall };
  readonly monotonic = { now: (): number => this.mono };
  advance(ms: number): void {
    this.wall += ms;
    this.mono += ms;
  }
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('FeedProducer on a fake clock (real SQLite log, in-process bus)', () => {
  let clocks: FakeClocks;
  let opened: ProducerOnClocks;
  let store: EventStore<TablecastEvent>;
  let producer: FeedProducer;
  let received: BusMessage[];
  const frames = (audience: string): FeedFrame[] =>
    received.filter((m) => m.audience === audience).map((m) => JSON.parse(String(m.payload)) as FeedFrame);

  beforeEach(async () => {
    clocks = new FakeClocks();
    opened = await openProducerOnClocks({
      dirPrefix: 'tablecast-feed-',
      delayMs: DELAY,
      clock: clocks.clock,
      monotonic: clocks.monotonic,
    });
    ({ store, producer, received } = opened);
  });

  afterEach(async () => {
    await opened.close();
  });

  it('releases the broadcast no earlier than recorded time + delay, and holds back after a clock jump', async () => {
    const played = playRandomMatch({ ruleset: RULESETS.cga2017, seed: 'producer', maxHands: 1 });
    if (!played.ok) throw new Error('playout failed');
    const events = played.events.map((event) => ({ ...event, metadata: context }));
    const half = Math.floor(events.length / 2);
    await store.append(matchStream('fc_1'), events.slice(0, half), 'no_stream');
    clocks.advance(10_000);
    await store.append(matchStream('fc_1'), events.slice(half), half - 1);

    await producer.onApplicationBootstrap();
    await waitFor(() => frames('staff').length === events.length, 'staff frames of the whole log');
    expect(frames('venue')).toHaveLength(events.length);
    expect(frames('broadcast').map((f) => f.status)).toEqual([
      { state: 'delayBuilding', delayMs: DELAY, reason: 'starting', resumesAt: T0 + DELAY },
    ]);

    clocks.advance(DELAY - 10_000 - 1);
    producer.releaseDue();
    expect(frames('broadcast').filter((f) => f.event !== null)).toHaveLength(0);

    clocks.advance(1);
    producer.releaseDue();
    const firstRelease = frames('broadcast').filter((f) => f.event !== null);
    expect(firstRelease.map((f) => f.event?.revision)).toEqual(Array.from({ length: half }, (_, i) => i));
    expect(firstRelease.at(-1)?.view?.revision).toBe(half - 1);

    // The wall clock leaps an hour while only a second passes: nothing more goes out, for a whole delay.
    clocks.wall += 3_600_000;
    clocks.mono += 1_000;
    producer.releaseDue();
    expect(frames('broadcast').at(-1)?.status).toMatchObject({ state: 'delayBuilding', reason: 'clock' });
    clocks.advance(1_000);
    producer.releaseDue();
    expect(frames('broadcast').at(-1)?.status).toMatchObject({
      state: 'delayBuilding',
      reason: 'clock',
      resumesAt: clocks.wall + DELAY,
    });
    expect(frames('broadcast').filter((f) => f.event !== null)).toHaveLength(half);
    clocks.advance(DELAY);
    producer.releaseDue();
    expect(frames('broadcast').filter((f) => f.event !== null)).toHaveLength(events.length);
    expect(frames('commentary').filter((f) => f.event !== null)).toHaveLength(events.length);

    // Every frame went on the bus once per audience, with the seq the gateways resume by.
    for (const audience of ['staff', 'venue', 'broadcast', 'commentary']) {
      const seqs = frames(audience).map((f) => f.seq);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    }
    const ledger = producer.disclosuresOf('fc_1', 'broadcast');
    for (const entry of ledger.filter((e) => e.recordedAt !== null)) {
      expect(entry.releasedAt).toBeGreaterThanOrEqual(Date.parse(entry.recordedAt ?? '') + DELAY);
    }
  });
});
