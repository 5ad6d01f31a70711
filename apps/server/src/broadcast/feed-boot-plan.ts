import { comparePositions, type Position, type RecordedEvent } from '@tablecast/event-store';
import { broadcastStream, matchStream, parseStreamName, type TablecastEvent } from '@tablecast/events';
import type { AppEventStore } from '../event-store/event-store.module';
import { endsMatch, readStreamEnds } from '../event-store/live-matches';

/** What the feed producer needs to know at boot, read from the stream heads, never from the log's start. */
export interface FeedBootPlan {
  /** The log's last event when the plan was read (undefined: an empty log): follow the log after it. */
  readonly head: Position | undefined;
  /** Every match stream's id at the head, in the heads' order. */
  readonly matchIds: readonly string[];
  /** The matches whose stream, at the head, ends with their end: each with that last event. */
  readonly ended: ReadonlyMap<string, RecordedEvent<TablecastEvent>>;
  /** The ids of the broadcast streams at the head (delay changes, some set before their match). */
  readonly broadcastIds: ReadonlySet<string>;
}

/**
 * The boot plan from the stream heads and each match stream's last event (one indexed read per
 * stream): a boot costs the same with five million events of finished matches as with none. The
 * head is taken first and every stream is judged as it stood there, so a follower that starts
 * after it misses no event and sees none twice. Undefined when the log keeps no stream heads (the
 * producer then reads the log from its start, as it always did).
 */
export async function readFeedBootPlan(store: AppEventStore): Promise<FeedBootPlan | undefined> {
  const ends = await readStreamEnds(store);
  if (ends === undefined) return undefined;
  const ended = new Map<string, RecordedEvent<TablecastEvent>>();
  for (const [matchId, last] of ends.matches) if (endsMatch(last)) ended.set(matchId, last);
  const broadcastIds = new Set<string>();
  for (const stream of ends.streams) {
    const parsed = parseStreamName(stream);
    if (parsed?.kind === 'broadcast') broadcastIds.add(parsed.id);
  }
  return { head: ends.head, matchIds: [...ends.matches.keys()], ended, broadcastIds };
}

/** Which of a match's events to read: those up to `upTo`, or those before `before` (all when neither). */
export interface FeedEventRange {
  readonly upTo?: Position | undefined;
  readonly before?: Position;
}

/**
 * One match's feed events, read by stream: its match stream and its broadcast stream (the delay
 * changes) merged in log order, as a read of the whole log would have handed them over.
 */
export async function readMatchFeedEvents(
  store: AppEventStore,
  matchId: string,
  range: FeedEventRange = {},
): Promise<RecordedEvent<TablecastEvent>[]> {
  const [match, broadcast] = await Promise.all([
    store.readStream(matchStream(matchId)),
    store.readStream(broadcastStream(matchId)),
  ]);
  return [...match, ...broadcast]
    .filter(
      (event) =>
        (range.upTo === undefined || comparePositions(event.position, range.upTo) <= 0) &&
        (range.before === undefined || comparePositions(event.position, range.before) < 0),
    )
    .sort((a, b) => comparePositions(a.position, b.position));
}
