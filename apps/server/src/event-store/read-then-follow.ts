import {
  comparePositions,
  type Position,
  type ReadStreamOptions,
  type RecordedEvent,
} from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import type { AppEventStore } from './event-store.module';

/** One stream as read, and where a subscription that follows it starts. */
export interface StreamRead {
  /** What `readStream` returned. */
  readonly events: readonly RecordedEvent<TablecastEvent>[];
  /**
   * The subscription's `fromPosition` (exclusive): every event of the stream at or before it was
   * already in the stream when it was read, every later one comes through the subscription, so a
   * follower misses none and sees none twice while other processes append. 'start' only when the
   * log cannot tell its head and the read found nothing.
   */
  readonly after: Position | 'start';
}

/**
 * Reads one stream, then tells where to follow it from: the later of the log's head taken before
 * the read and the last event the read returned, never the log's start. An event appended between
 * the head and the read is in the read and at or before its last event; one appended after the
 * read is after both. The subscription (filtered to the stream) then walks only what the log gained
 * since, an indexed read on SQLite and a short server-side pass on KurrentDB instead of all of `$all`.
 * `options` may read only the stream's end (a follower that folds its state elsewhere).
 */
export async function readThenFollow(
  store: AppEventStore,
  stream: string,
  options?: ReadStreamOptions,
): Promise<StreamRead> {
  const head = await store.log.headPosition?.();
  const events = await store.readStream(stream, options);
  let after: Position | undefined = head;
  for (const event of events)
    if (after === undefined || comparePositions(event.position, after) > 0) after = event.position;
  return { events, after: after ?? 'start' };
}
