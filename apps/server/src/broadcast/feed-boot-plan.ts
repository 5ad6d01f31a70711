import { comparePositions, type Position, type RecordedEvent } from '@tablecast/event-store';
import { broadcastStream, matchStream, parseStreamName, type TablecastEvent } from '@tablecast/events';
import type { AppEventStore } from '../event-store/event-store.module';

/** What the feed producer needs to know at boot, read with the log's head, never from the log's start. */
export interface FeedBootPlan {
  /** The log's last event when the plan was read (undefined: an empty log): follow the log after it. */
  readonly head: Position | undefined;
  /** Every match stream's id at the head, in name order. */
  readonly matchIds: readonly string[];
  /** The matches whose stream, at the head, ends with their end: each with that end's revision. */
  readonly ended: ReadonlyMap<string, number>;
  /** The ids of the broadcast streams at the head (delay changes, some set before their match). */
  readonly broadcastIds: ReadonlySet<string>;
}

/**
 * The boot plan from the live match streams and the stream heads the log keeps, read with its
 * head in one snapshot: no match's events are read here, and a finished match's end is known by
 * its head's revision (the live set says it ended). A follower that starts after the head misses
 * no event and sees none twice. Undefined when the log keeps no live set (KurrentDB: the producer
 * then reads the log from its start, as it always did).
 */
export async function readFeedBootPlan(store: AppEventStore): Promise<FeedBootPlan | undefined> {
  const read = await store.log.readLiveStreams?.({ withHeads: true });
  if (read?.heads === undefined) return undefined;
  const live = new Set(read.live);
  const matchIds: string[] = [];
  const ended = new Map<string, number>();
  const broadcastIds = new Set<string>();
  for (const { stream, revision } of read.heads) {
    const parsed = parseStreamName(stream);
    if (parsed?.kind === 'broadcast') broadcastIds.add(parsed.id);
    if (parsed?.kind !== 'match') continue;
    matchIds.push(parsed.id);
    if (!live.has(stream)) ended.set(parsed.id, revision);
  }
  return { head: read.head, matchIds, ended, broadcastIds };
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
