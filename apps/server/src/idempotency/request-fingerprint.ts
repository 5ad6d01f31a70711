import { hash } from 'node:crypto';
import { canonicalJson } from '@tablecast/event-store';

/**
 * The fingerprint of a keyed request as parsed (defaults applied, unknown fields dropped): the
 * first 128 bits of the SHA-256 of its canonical JSON. A retry of an idempotency key is answered
 * from the first result only when its fingerprint is the first request's; key order and spacing
 * do not count, any value does.
 */
export function requestFingerprint(request: unknown): string {
  return hash('sha256', canonicalJson(request), 'hex').slice(0, 32);
}
