import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache';

describe('BoundedCache', () => {
  it('answers what was set, or nothing, and never holds more than twice its limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 30 })), { maxLength: 300 }),
        (limit, calls) => {
          const cache = new BoundedCache<number, string>(limit);
          const everSet = new Map<number, string>();
          for (const [isSet, key] of calls) {
            if (isSet) {
              const value = `v${key}-${everSet.size}`;
              cache.set(key, value);
              everSet.set(key, value);
            } else {
              const value = cache.get(key);
              // A cache may forget, never make up or return a value other than the last one set.
              if (value !== undefined) expect(value).toBe(everSet.get(key));
            }
            expect(cache.size).toBeLessThanOrEqual(2 * limit);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

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
