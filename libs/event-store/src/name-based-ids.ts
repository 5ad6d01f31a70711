import { v5 as uuidV5, validate } from 'uuid';

/**
 * The version-5 UUID (RFC 9562 §5.5: SHA-1 of the namespace's 16 bytes and the name) of `name` in
 * `namespace`: the same name always gives the same id, in every process. For an event whose id
 * must come out the same when its write is sent again (a retried command), so that the store's
 * idempotent-append check recognises the batch; distinct names give distinct ids.
 */
export function nameBasedEventId(namespace: string, name: string): string {
  if (!validate(namespace)) throw new Error(`namespace ${namespace} is not a UUID`);
  return uuidV5(name, namespace);
}
