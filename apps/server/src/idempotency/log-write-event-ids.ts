import { nameBasedEventId } from '@tablecast/event-store';

/** Fixed for good: another namespace would give a write sent again across an upgrade other ids. */
const LOG_WRITES_NAMESPACE = 'c6e968e7-7ce9-4298-9334-34774f05915e';

/**
 * The id of the `index`th event of a write decided against a match's log outside the rules engine
 * (a ruling's corrections, a score correction, a board's deal, reveal or lift, PlayersLeftTable),
 * named after the stream, the revision the write was decided against and what makes it the same
 * write (`write`: the ruling id and its sheet's fingerprint, the client's key and its request's
 * fingerprint, the board and the table): the same write sent again against the same revision
 * carries the very ids of the first try, so a store that recognises a batch by its ids
 * (KurrentDB's idempotent append) takes it once. Any other write, or the same one against another
 * revision, gets other ids.
 */
export function logWriteEventId(
  stream: string,
  revision: number,
  write: readonly string[],
  index: number,
): string {
  // As a JSON array, so no two lists of parts make the same name.
  return nameBasedEventId(LOG_WRITES_NAMESPACE, JSON.stringify([stream, revision, write, index]));
}
