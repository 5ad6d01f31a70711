import { hash } from 'node:crypto';
import { parse, validate } from 'uuid';

/** An unpaired surrogate (with the `u` flag a pair is one code point and does not match). */
const LONE_SURROGATE = /\p{Cs}/u;

/** The last namespace's 16 bytes: a caller names one namespace for good, parsed here once. */
let parsed: { readonly namespace: string; readonly bytes: Uint8Array } | undefined;

/**
 * The version-5 UUID (RFC 9562 §5.5: SHA-1 of the namespace's 16 bytes and the name's UTF-8) of
 * `name` in `namespace`: the same name always gives the same id, in every process. For an event
 * whose id must come out the same when its write is sent again (a retried command), so that the
 * store's idempotent-append check recognises the batch; distinct names give distinct ids.
 *
 * Ids are stored, so this is `uuid`'s v5 bit for bit (property-tested against it), without its
 * per-call costs on the command path: the namespace parsed every call, the name turned into bytes
 * through a URI escape, a hash object per id. A name with a lone surrogate has no UTF-8 and is
 * refused, as `uuid` refuses it.
 */
export function nameBasedEventId(namespace: string, name: string): string {
  const namespaceBytes = bytesOf(namespace);
  if (LONE_SURROGATE.test(name)) throw new Error('name is not well-formed Unicode (a lone surrogate)');
  const input = Buffer.allocUnsafe(16 + Buffer.byteLength(name, 'utf8'));
  input.set(namespaceBytes, 0);
  input.write(name, 16, 'utf8');
  const digest = hash('sha1', input, 'buffer');
  // The version (5) in the high nibble of byte 6, the RFC's variant (10) in the top bits of byte 8.
  digest[6] = ((digest[6] ?? 0) & 0x0f) | 0x50;
  digest[8] = ((digest[8] ?? 0) & 0x3f) | 0x80;
  const hex = digest.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function bytesOf(namespace: string): Uint8Array {
  if (parsed?.namespace === namespace) return parsed.bytes;
  if (!validate(namespace)) throw new Error(`namespace ${namespace} is not a UUID`);
  parsed = { namespace, bytes: parse(namespace) };
  return parsed.bytes;
}
