import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

/**
 * Time and randomness are side effects like any other: behind injectable ports, so tests pin
 * them and the rules engine receives them as data.
 */
export interface Clock {
  now(): number;
}
export const CLOCK = Symbol('CLOCK');
export const systemClock: Clock = { now: () => Date.now() };
/** Time that only moves on (the wall clock may be set back): the feeds' release delays are timed on it. */
export const monotonicClock: Clock = { now: () => performance.now() };

export interface Entropy {
  /** A fresh random token (URL-safe base64) of `bytes` bytes of entropy. */
  token(bytes: number): string;
}
export const ENTROPY = Symbol('ENTROPY');
export const systemEntropy: Entropy = { token: (bytes) => randomBytes(bytes).toString('base64url') };

/** A fresh id `<prefix>_<token>` for a record the server names; '-' becomes '_' so it passes idSchema. */
export function newRecordId(entropy: Entropy, prefix: string): string {
  return `${prefix}_${entropy.token(9).replace(/-/g, '_')}`;
}
