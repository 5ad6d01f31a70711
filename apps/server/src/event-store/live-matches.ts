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

/** Whether the event ends its match (every game records its end as `MatchEnded`, namespaced or not). */
export function endsMatch(event: { readonly type: string }): boolean {
  return event.type === 'MatchEnded' || event.type.endsWith('.MatchEnded');
}

/**
 * The matches still being played, from each match stream's last event: an index read per stream,
 * never a read of the log from its start, so a boot costs the same with five million events of
 * finished matches as with none. The head is taken first and every stream is judged as it stood
 * there, so a follower that starts after the head misses no event and sees none twice, even with
 * another process appending meanwhile (an event after the head reaches it through its
 * subscription). A match whose end was corrected away no longer ends with `MatchEnded`, so it
 * counts as still played, as it is. Undefined when the log keeps no stream heads or cannot tell
 * its last position (then the follower reads the log from its start, as it always did).
 */
export async function readLiveMatches(store: AppEventStore): Promise<LiveMatches | undefined> {
  const log = store.log;
  if (log.headPosition === undefined || log.readStreamHeads === undefined) return undefined;
  const head = await log.headPosition();
  if (head === undefined) return { head, matchIds: [] };
  const heads = await log.readStreamHeads();
  if (!heads.recorded) return undefined;
  const matchIds: string[] = [];
  for (const { stream } of heads.heads) {
    const parsed = parseStreamName(stream);
    if (parsed?.kind !== 'match') continue;
    const last = await lastEventAt(store, stream, head);
    if (last !== undefined && !endsMatch(last)) matchIds.push(parsed.id);
  }
  return { head, matchIds };
}

/** The stream's last event at or before `head`; undefined when the stream began after it. */
export async function lastEventAt(
  store: AppEventStore,
  stream: string,
  head: Position,
): Promise<RecordedEvent<TablecastEvent> | undefined> {
  let from: number | undefined;
  for (;;) {
    const page = await store.readStream(stream, {
      direction: 'backwards',
      maxCount: BACK_PAGE,
      ...(from === undefined ? {} : { fromRevision: from }),
    });
    const found = page.find((event) => comparePositions(event.position, head) <= 0);
    const oldest = page.at(-1);
    if (found !== undefined || oldest === undefined || oldest.revision === 0) return found;
    from = oldest.revision - 1;
  }
}
