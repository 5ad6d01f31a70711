import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache';

describe('BoundedCache', () => {
  it('answers what was set, or nothing, keeps what was set within its last `limit` calls, and never holds more than twice its limit', () => {
    let guaranteed = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        // A get asks for any key, or for one of the last few keys set (`back` sets ago).
        fc.array(
          fc.tuple(
            fc.constantFrom('set' as const, 'get' as const, 'getRecent' as const),
            fc.integer({ min: 0, max: 30 }),
            fc.nat({ max: 8 }),
          ),
          { maxLength: 300, size: 'medium' },
        ),
        (limit, calls) => {
          const cache = new BoundedCache<number, string>(limit);
          const everSet = new Map<number, string>();
          /** The call at which each key was last set, and the keys in the order they were set. */
          const setAt = new Map<number, number>();
          const setOrder: number[] = [];
          calls.forEach(([op, drawn, back], call) => {
            const key = op === 'getRecent' ? (setOrder.at(-1 - back) ?? drawn) : drawn;
            if (op === 'set') {
              setOrder.push(key);
              const value = `v${key}-${everSet.size}`;
              cache.set(key, value);
              everSet.set(key, value);
              setAt.set(key, call);
            } else {
              const value = cache.get(key);
              // A cache may forget, never make up or return a value other than the last one set.
              if (value !== undefined) expect(value).toBe(everSet.get(key));
              // It forgets only at its second turn-over after the set, and each call (a get that
              // moves an entry forward too) adds at most one entry: `limit` calls later it still holds it.
              const since = setAt.get(key);
              if (since !== undefined && call - since <= limit) {
                guaranteed += 1;
                expect(value).toBe(everSet.get(key));
              }
            }
            expect(cache.size).toBeLessThanOrEqual(2 * limit);
          });
        },
      ),
      { numRuns: 500 },
    );
    // The kept-entry check ran, many times over (about 1,800 times).
    expect(guaranteed).toBeGreaterThan(500);
  }, 30_000);

  it('keeps an entry in use through any number of one-off entries, and drops one left unused', () => {
    const cache = new BoundedCache<string, number>(16);
    cache.set('hot', 1);
    cache.set('cold', 2);
    for (let i = 0; i < 10_000; i += 1) {
      cache.set(`one-off-${i}`, i);
      // Used once per limit's worth of one-offs: often enough to be carried into every generation.
      if (i % 16 === 0) expect(cache.get('hot')).toBe(1);
    }
    expect(cache.get('hot')).toBe(1);
    expect(cache.get('cold')).toBeUndefined();
    expect(cache.size).toBeLessThanOrEqual(32);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError);
    expect(() => new BoundedCache(1.5)).toThrow(RangeError);
  });
});
