import { sha256 } from '@noble/hashes/sha2';
import { utf8ToBytes } from '@noble/hashes/utils';

/** A deterministic pseudo-random source: `next()` returns a uint32. */
export interface Prng {
  next(): number;
}

/**
 * xoshiro128** (Blackman & Vigna, 2018), seeded from a string through sha256 so that any seed
 * text, including short or similar ones, gives a well-mixed non-zero state. The seed is recorded
 * in the deal's event, so anyone can re-run the shuffle; `Math.random` is never used.
 */
export function seededPrng(seed: string): Prng {
  const digest = sha256(utf8ToBytes(`tablecast-prng-v1:${seed}`));
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  let a = view.getUint32(0, true);
  let b = view.getUint32(4, true);
  let c = view.getUint32(8, true);
  let d = view.getUint32(12, true);
  // An all-zero state would stay zero forever; sha256 makes it vanishingly unlikely, but be total.
  if ((a | b | c | d) === 0) a = 0x9e3779b9;
  return {
    next(): number {
      const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = rotl(d, 11);
      return result;
    },
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** An unbiased integer in [0, bound) by rejection sampling (bound ≤ 2^32). */
export function nextBelow(prng: Prng, bound: number): number {
  if (!Number.isInteger(bound) || bound <= 0 || bound > 2 ** 32) throw new RangeError(`bad bound ${bound}`);
  const limit = 2 ** 32 - (2 ** 32 % bound);
  for (;;) {
    const x = prng.next();
    if (x < limit) return x % bound;
  }
}
