import { nextBelow, seededPrng, type Prng } from './prng';

/** Fisher–Yates (Durstenfeld) shuffle driven by `prng`; returns a new array, input untouched. */
export function shuffleWith<T>(items: readonly T[], prng: Prng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = nextBelow(prng, i + 1);
    const x = out[i] as T;
    out[i] = out[j] as T;
    out[j] = x;
  }
  return out;
}

/** The recorded shuffle: the same seed always gives the same order (GD-DEAL-5). */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  return shuffleWith(items, seededPrng(seed));
}
