import { comparePositions, type Position, type RecordedEvent } from '@tablecast/event-store';
import { parseStreamName, type TablecastEvent } from '@tablecast/events';
import type { AppEventStore } from './event-store.module';

/** Where a follower that needs only the matches still being played starts. */
export interface LiveMatches {
  /** The log's last event when they were read (undefined: an empty log): follow the log after it. */
  readonly head: Position | undefined;
  /** The match ids whose stream, as it stood at `head`, does not end with the match's end. */
  readonly matchIds: readonly string[];
}

/** Events read back per page when looking for a stream's last event at the head. */
const BACK_PAGE = 16;

/** A match stream's id (the log lists only match streams as live). */
function matchIdOf(stream: string): string | undefined {
  const parsed = parseStreamName(stream);
  return parsed?.kind === 'match' ? parsed.id : undefined;
}

/**
 * The matches still being played, from the set of live match streams the log keeps with its
 * appends, read with the head in one snapshot: no read of any match's events, so a boot costs the
 * same with thousands of finished matches as with none. A follower that starts after the head
 * misses no event and sees none twice, even with another process appending meanwhile (an event
 * after the head reaches it through its subscription). A match whose end was corrected away no
 * longer ends with `MatchEnded`, so it counts as still played, as it is. Undefined when the log
 * keeps no such set (KurrentDB: the follower then reads the log from its start, as before).
 */
export async function readLiveMatches(store: AppEventStore): Promise<LiveMatches | undefined> {
  const live = await store.log.readLiveStreams?.();
  if (live === undefined) return undefined;
  return { head: live.head, matchIds: live.live.flatMap((stream) => matchIdOf(stream) ?? []) };
}

/** The stream's last event at or before `head`; undefined when the stream began after it. */
export async function lastEventAt(
  store: AppEventStore,
  stream: string,
  head: Position,
): Promise<RecordedEvent<TablecastEvent> | undefined> {
  // The first read is of the last event alone: a stream nobody appended to since the head ends there.
  let from: number | undefined;
  for (;;) {
    const page = await store.readStream(stream, {
      direction: 'backwards',
      maxCount: from === undefined ? 1 : BACK_PAGE,
      ...(from === undefined ? {} : { fromRevision: from }),
    });
    const found = page.find((event) => comparePositions(event.position, head) <= 0);
    const oldest = page.at(-1);
    if (found !== undefined || oldest === undefined || oldest.revision === 0) return found;
    from = oldest.revision - 1;
  }
}
