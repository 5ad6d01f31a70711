import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

/**
 * The cached layouts of canonicalJson, in a file of their own: the module's cache is bounded, and
 * canonical-json.spec.ts fills it with random key lists before any test here could meet a layout
 * again (vitest loads the module afresh for each file).
 */
describe('canonicalJson layouts', () => {
  it('writes objects of a shape it has seen before as the first time, members left undefined included', () => {
    // A few key lists, met again and again with other values: the second meeting takes the cached layout.
    const keys = fc.constantFrom(
      ['seat', 'cards', 'as'],
      ['b', 'a'],
      ['a', 'b'],
      ['10', '9', 'x'],
      ['__proto__', 'k'],
    );
    const member = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 4 }),
      fc.integer(),
      fc.constant(undefined),
      fc.constant(null),
      fc.array(fc.nat(), { maxLength: 2 }),
    );
    const shaped = fc.tuple(keys, fc.array(member, { minLength: 3, maxLength: 3 })).map(([names, values]) => {
      const out: Record<string, unknown> = {};
      names.forEach((name, index) => {
        Object.defineProperty(out, name, { value: values[index], enumerable: true, writable: true });
      });
      return out;
    });
    // Written out by hand (see above: `reference` cannot order number-like keys).
    const byHand = (v: unknown): string => {
      if (Array.isArray(v))
        return `[${v.map((item) => (item === undefined ? 'null' : byHand(item))).join(',')}]`;
      if (typeof v !== 'object' || v === null) return JSON.stringify(v);
      const record = v as Record<string, unknown>;
      const present = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort();
      return `{${present.map((key) => `${JSON.stringify(key)}:${byHand(record[key])}`).join(',')}}`;
    };
    fc.assert(
      fc.property(fc.array(fc.tuple(shaped, shaped), { minLength: 1, maxLength: 8 }), (pairs) => {
        for (const [outer, inner] of pairs) {
          const value: Record<string, unknown> = { nested: inner };
          for (const key of Object.keys(outer)) {
            Object.defineProperty(value, key, { value: outer[key], enumerable: true, writable: true });
          }
          expect(canonicalJson(value)).toBe(byHand(value));
        }
      }),
      { numRuns: 200 },
    );
  }, 30_000);
});
