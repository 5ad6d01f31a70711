import type { BusMessage } from '@tablecast/bus';
import type { EventStore } from '@tablecast/event-store';
import { matchStream, type TablecastEvent } from '@tablecast/events';
import {
  GUANDAN_RULESETS as RULESETS,
  playRandomGuandanMatch as playRandomMatch,
} from '@tablecast/games/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeFrame } from './encoded-frames';
import type { FeedProducer } from './feed-producer.service';
import { openProducerOnClocks, type ProducerOnClocks } from './testing/producer-on-clocks';

const T0 = Date.UTC(2027, 0, 1, 12, 0, 0);
const DELAY = 1_000;
const context = {
  correlationId: 'encoded',
  causationId: null,
  actor: { id: 'test', role: 'system' as const },
};

describe('decodeFrame: the broadcast frames the director reads (real SQLite log, in-process bus)', () => {
  let wall: number;
  let opened: ProducerOnClocks;
  let store: EventStore<TablecastEvent>;
  let producer: FeedProducer;
  let received: BusMessage[];

  beforeEach(async () => {
    wall = T0;
    opened = await openProducerOnClocks({
      dirPrefix: 'tablecast-encoded-',
      delayMs: DELAY,
      clock: { now: () => wall },
      monotonic: { now: () => wall - T0 },
    });
    ({ store, producer, received } = opened);
  });

  afterEach(async () => {
    await opened.close();
  });

  it('hands an in-process subscriber the object each broadcast payload was encoded from, equal to its bytes parsed', async () => {
    const played = playRandomMatch({ ruleset: RULESETS.cga2017, seed: 'encoded', maxHands: 1 });
    if (!played.ok) throw new Error('playout failed');
    const events = played.events.map((event) => ({ ...event, metadata: context }));
    await store.append(matchStream('ef_1'), events, 'no_stream');
    await producer.onApplicationBootstrap();
    const deadline = Date.now() + 10_000;
    while (received.filter((m) => m.audience === 'staff').length < events.length) {
      if (Date.now() > deadline) throw new Error('timed out waiting for the staff frames');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    wall += DELAY;
    producer.releaseDue();

    const broadcast = received.filter((m) => m.audience === 'broadcast');
    expect(broadcast.filter((m) => decodeFrame(m.payload).event !== null)).toHaveLength(events.length);
    for (const { payload } of broadcast) {
      const frame = decodeFrame(payload);
      // The producer's own object (a parse would give a new one each call), and what the bytes say.
      expect(decodeFrame(payload)).toBe(frame);
      expect(frame).toStrictEqual(JSON.parse(payload.toString('utf8')));
    }
  });

  it('parses a payload this process did not encode: a frame from Kafka, as bytes or text', () => {
    const frame = { matchId: 'm', audience: 'broadcast', seq: 1, view: { a: [1, 2] } };
    const bytes = Buffer.from(JSON.stringify(frame), 'utf8');
    expect(decodeFrame(bytes)).toStrictEqual(frame);
    expect(decodeFrame(bytes)).not.toBe(decodeFrame(bytes));
    expect(decodeFrame(JSON.stringify(frame))).toStrictEqual(frame);
  });
});
