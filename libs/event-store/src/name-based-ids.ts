import { createHash } from 'node:crypto';

/**
 * The version-5 UUID (RFC 9562 §5.5: SHA-1 of the namespace's 16 bytes and the name) of `name` in
 * `namespace`: the same name always gives the same id, in every process. For an event whose id
 * must come out the same when its write is sent again (a retried command), so that the store's
 * idempotent-append check recognises the batch; distinct names give distinct ids.
 */
export function nameBasedEventId(namespace: string, name: string): string {
  const space = Buffer.from(namespace.replaceAll('-', ''), 'hex');
  if (space.length !== 16) throw new Error(`namespace ${namespace} is not a UUID`);
  const hash = createHash('sha1').update(space).update(name, 'utf8').digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
