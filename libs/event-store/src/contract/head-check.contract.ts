import { describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../event-store';
import type { SubscribeOptions } from '../port';
import { comparePositions, type Position } from '../position';
import { appealFiled, at, numberedEvents } from './fixtures';
import type { StoreTestEvent } from './store-catalog';

/** What one contract test sees: the store and its own unique match stream. */
export interface HeadCheckContext {
  readonly store: EventStore<StoreTestEvent>;
  readonly matchId: string;
  readonly stream: string;
}

type Seen = { readonly event: RecordedEvent<StoreTestEvent> } | { readonly caughtUp: Position | undefined };

/**
 * Subscribes, appends one live event to `stream` once subscribed, and records what the subscriber
 * saw in order (events and the head-check call) until that live event arrives.
 */
async function watchUntilLive(
  context: HeadCheckContext,
  options: SubscribeOptions,
  liveRevision: number,
): Promise<Seen[]> {
  const { store, stream, matchId } = context;
  const seen: Seen[] = [];
  const subscription = store.subscribeToAll({
    ...options,
    onCaughtUp: (head) => seen.push({ caughtUp: head }),
  });
  await store.append(stream, [appealFiled(matchId, 'live')], liveRevision - 1);
  for await (const event of subscription) {
    seen.push({ event });
    if (event.stream === stream && event.revision === liveRevision) break;
  }
  await subscription.close();
  return seen;
}

/** Splits what was seen at the head-check call, which must have come exactly once. */
function splitAtHead(seen: readonly Seen[]): {
  head: Position;
  before: RecordedEvent<StoreTestEvent>[];
  after: RecordedEvent<StoreTestEvent>[];
} {
  const marks = seen.filter((item) => 'caughtUp' in item);
  expect(marks).toHaveLength(1);
  const index = seen.findIndex((item) => 'caughtUp' in item);
  const mark = at(seen, index);
  const head = 'caughtUp' in mark ? mark.caughtUp : undefined;
  if (head === undefined) throw new Error('the head check named no head although the log holds events');
  const events = (items: readonly Seen[]): RecordedEvent<StoreTestEvent>[] =>
    items.flatMap((item) => ('event' in item ? [item.event] : []));
  return { head, before: events(seen.slice(0, index)), after: events(seen.slice(index + 1)) };
}

/**
 * The head check: a subscriber hears, once and in order, that it has caught up with the log's
 * head as of subscribing, whether it filters or not, and even when its filter matches nothing.
 */
export function describeHeadCheck(context: () => HeadCheckContext): void {
  describe('head check', () => {
    it('tells an unfiltered subscriber it caught up after the last event at the head, before any later one', async () => {
      const { store, stream, matchId } = context();
      await store.append(stream, numberedEvents(matchId, 3), 'no_stream');
      const last = at(await store.readStream(stream), 2).position;
      const { head, before, after } = splitAtHead(await watchUntilLive(context(), {}, 3));
      expect(comparePositions(head, last)).toBeGreaterThanOrEqual(0);
      for (const event of before) expect(comparePositions(event.position, head)).toBeLessThanOrEqual(0);
      for (const event of after) expect(comparePositions(event.position, head)).toBeGreaterThan(0);
      const ours = (events: RecordedEvent<StoreTestEvent>[]): number[] =>
        events.filter((event) => event.stream === stream).map((event) => event.revision);
      expect(ours(before)).toEqual([0, 1, 2]);
      expect(ours(after)).toEqual([3]);
    });

    it('tells a stream-prefix subscriber it caught up although the head is an event its filter drops', async () => {
      const { store, stream, matchId } = context();
      await store.append(stream, numberedEvents(matchId, 2), 'no_stream');
      // The head as of subscribing lies in a stream outside the filter.
      const other = await store.append(`appeal-a${matchId}`, [appealFiled(matchId)], 'no_stream');
      const seen = await watchUntilLive(context(), { filter: { streamPrefixes: [stream] } }, 2);
      const { head, before, after } = splitAtHead(seen);
      expect(comparePositions(head, other.position)).toBeGreaterThanOrEqual(0);
      expect(before.map((event) => [event.stream, event.revision])).toEqual([
        [stream, 0],
        [stream, 1],
      ]);
      expect(after.map((event) => [event.stream, event.revision])).toEqual([[stream, 2]]);
    });

    it('tells a subscriber whose filter matches nothing that it caught up, with no event to prove it', async () => {
      const { store, stream, matchId } = context();
      // Longer than any adapter keeps of its own recent appends, so the subscriber reads the log.
      await store.append(stream, numberedEvents(matchId, 80), 'no_stream');
      const last = at(await store.readStream(stream), 79).position;
      let caughtUp: (head: Position | undefined) => void = () => undefined;
      const heard = new Promise<Position | undefined>((resolve) => {
        caughtUp = resolve;
      });
      const subscription = store.subscribeToAll({
        filter: { streamPrefixes: [`nothing-${matchId}`] },
        onCaughtUp: (head) => {
          caughtUp(head);
        },
      });
      const delivered: RecordedEvent<StoreTestEvent>[] = [];
      const consuming = (async () => {
        for await (const event of subscription) delivered.push(event);
      })();
      const head = await heard;
      await subscription.close();
      await consuming;
      expect(head === undefined ? -1 : comparePositions(head, last)).toBeGreaterThanOrEqual(0);
      expect(delivered).toEqual([]);
    });
  });
}
