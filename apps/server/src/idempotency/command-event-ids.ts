import { nameBasedEventId } from '@tablecast/event-store';

/** Fixed for good: another namespace would give a command resent across an upgrade other ids. */
const COMMAND_EVENTS_NAMESPACE = '5d0c7e42-8b1f-4a36-9e57-2c4b8f1a6d93';

/**
 * The id of the `index`th event a command writes to `stream`, named after the stream, the
 * command's idempotency key and its request's fingerprint: a resend of the same request (its
 * answer lost) carries the very ids of the first try, so a store that recognises a batch by its
 * ids (KurrentDB's idempotent append) takes it once; the expected revision refuses it anyway. A
 * key reused for another request (another fingerprint) gets other ids, so the store never takes
 * the second request for the first.
 */
export function commandEventId(stream: string, key: string, fingerprint: string, index: number): string {
  // As a JSON array, so no two lists of parts make the same name.
  return nameBasedEventId(COMMAND_EVENTS_NAMESPACE, JSON.stringify([stream, key, fingerprint, index]));
}
