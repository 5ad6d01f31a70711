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

/** Every stream of the log as it stood at a head, and each match stream's last event there. */
export interface StreamEnds {
  /** The log's last event when they were read (undefined: an empty log): follow the log after it. */
  readonly head: Position | undefined;
  /** Each match begun by the head, by id in the stream heads' order, with its stream's last event there. */
  readonly matches: ReadonlyMap<string, RecordedEvent<TablecastEvent>>;
  /** Every stream name the heads listed (any kind; one begun after the head may be among them). */
  readonly streams: readonly string[];
}

/**
 * The last read per store, by the head it was read at: the turn clock and the feed producer both
 * judge every match at boot, and a log whose head has not moved since holds the same last events
 * (it is append-only), so the second asks the log nothing. A five-million-event log has thousands
 * of finished matches: one indexed read each, once per boot instead of once per follower.
 */
const lastRead = new WeakMap<
  AppEventStore,
  { readonly commit: bigint; readonly ends: Promise<StreamEnds> }
>();

/**
 * The stream heads and each match stream's last event, judged at the log's head taken first: an
 * index read per stream, never a read of the log from its start, so a boot grows with the number
 * of matches ever played (a fraction of a millisecond each), not with their events. A follower that starts after the head
 * misses no event and sees none twice, even with another process appending meanwhile (an event
 * after the head reaches it through its subscription). Undefined when the log keeps no stream
 * heads or cannot tell its last position (then the follower reads the log from its start).
 */
export async function readStreamEnds(store: AppEventStore): Promise<StreamEnds | undefined> {
  const log = store.log;
  if (log.headPosition === undefined || log.readStreamHeads === undefined) return undefined;
  const head = await log.headPosition();
  if (head === undefined) return { head, matches: new Map(), streams: [] };
  const last = lastRead.get(store);
  if (last?.commit === head.commit) return last.ends;
  const heads = await log.readStreamHeads();
  if (!heads.recorded) return undefined;
  const ends = endsAt(store, head, heads.heads);
  lastRead.set(store, { commit: head.commit, ends });
  // A failed read (the store unreachable) is tried again by the next caller.
  ends.catch(() => {
    if (lastRead.get(store)?.ends === ends) lastRead.delete(store);
  });
  return ends;
}

async function endsAt(
  store: AppEventStore,
  head: Position,
  heads: readonly { readonly stream: string }[],
): Promise<StreamEnds> {
  const matches = new Map<string, RecordedEvent<TablecastEvent>>();
  for (const { stream } of heads) {
    const parsed = parseStreamName(stream);
    if (parsed?.kind !== 'match') continue;
    const last = await lastEventAt(store, stream, head);
    if (last !== undefined) matches.set(parsed.id, last);
  }
  return { head, matches, streams: heads.map(({ stream }) => stream) };
}

/**
 * The matches still being played: those whose stream, at the head, does not end with the match's
 * end. A match whose end was corrected away no longer ends with `MatchEnded`, so it counts as
 * still played, as it is. Undefined when the log cannot list its streams' heads.
 */
export async function readLiveMatches(store: AppEventStore): Promise<LiveMatches | undefined> {
  const ends = await readStreamEnds(store);
  if (ends === undefined) return undefined;
  const matchIds = [...ends.matches].filter(([, last]) => !endsMatch(last)).map(([matchId]) => matchId);
  return { head: ends.head, matchIds };
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
