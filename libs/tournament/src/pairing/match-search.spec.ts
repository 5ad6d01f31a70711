import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchPairing } from './match-search';

/** The plain definition: the first perfect pairing in order, trying nearest opponents first, found by brute force. */
function bruteForce(
  seq: readonly number[],
  n: number,
  allowed: Uint8Array,
): (readonly [number, number])[] | null {
  if (seq.length === 0) return [];
  const [a, ...rest] = seq;
  if (a === undefined) return [];
  for (const [k, b] of rest.entries()) {
    if (allowed[a * n + b] !== 1) continue;
    const tail = bruteForce([...rest.slice(0, k), ...rest.slice(k + 1)], n, allowed);
    if (tail !== null) return [[a, b], ...tail];
  }
  return null;
}

/** Random symmetric "may meet" graphs on an even number of entrants, some sparse enough to have no pairing. */
const graphs = fc
  .record({
    half: fc.integer({ min: 1, max: 6 }),
    density: fc.integer({ min: 10, max: 90 }),
    bits: fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 144, maxLength: 144 }),
  })
  .map(({ half, density, bits }) => {
    const n = half * 2;
    const allowed = new Uint8Array(n * n);
    for (let a = 0; a < n; a += 1)
      for (let b = a + 1; b < n; b += 1)
        if ((bits[a * 12 + b] ?? 0) < density) {
          allowed[a * n + b] = 1;
          allowed[b * n + a] = 1;
        }
    return { n, allowed, seq: Array.from({ length: n }, (_, i) => i) };
  });

describe('the pairing search (TRN-SWISS-1: the first legal pairing in pairing order)', () => {
  it('TRN-SWISS-1: finds exactly the brute-force first pairing, or proves there is none', () => {
    fc.assert(
      fc.property(graphs, ({ n, allowed, seq }) => {
        expect(searchPairing(seq, n, allowed, 1_000_000).pairs).toEqual(bruteForce(seq, n, allowed));
      }),
      { numRuns: 300 },
    );
  });

  it('TRN-SWISS-1: with no search budget, the exact pair-by-pair construction gives the same pairing', () => {
    fc.assert(
      fc.property(graphs, ({ n, allowed, seq }) => {
        expect(searchPairing(seq, n, allowed, 0).pairs).toEqual(bruteForce(seq, n, allowed));
      }),
      { numRuns: 300 },
    );
  });

  it('TRN-SWISS-1: a pairing that exists only through an odd cycle (a blossom) is found', () => {
    // 0-1-2 is a triangle; 2-3 and 3-4, 4-5 hang off it: the only perfect pairing is 0-1, 2-3, 4-5.
    const n = 6;
    const allowed = new Uint8Array(n * n);
    for (const [a, b] of [
      [0, 1],
      [1, 2],
      [0, 2],
      [2, 3],
      [3, 4],
      [4, 5],
    ] as const) {
      allowed[a * n + b] = 1;
      allowed[b * n + a] = 1;
    }
    expect(searchPairing([2, 0, 1, 3, 4, 5], n, allowed, 0).pairs).toEqual([
      [2, 3],
      [0, 1],
      [4, 5],
    ]);
  });
});
