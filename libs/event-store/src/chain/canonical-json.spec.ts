import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, quoteJson } from './canonical-json';

/** The definition, written the slow and obvious way: sort keys at every depth, then stringify. */
function reference(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (typeof v !== 'object' || v === null) return v;
    const record = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(record).sort()) {
      // defineProperty: a "__proto__" key must stay a plain member, as in the input.
      Object.defineProperty(out, key, { value: sorted(record[key]), enumerable: true, writable: true });
    }
    return out;
  };
  return JSON.stringify(sorted(value));
}

describe('canonicalJson', () => {
  it('writes the same bytes as sorting keys and calling JSON.stringify, for any JSON value', () => {
    const text = fc.string({ unit: 'binary' }); // lone surrogates and control characters included
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value')),
        fc.dictionary(text, tie('value')),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
      }),
      { numRuns: 2000 },
    );
  }, 30_000);

  // Flat objects, written out by hand: `reference` cannot show number-like keys in sorted order,
  // since an object lists those first whatever order they were added in.
  it('orders many keys (past the insertion sort) and number-like keys by UTF-16 code units', () => {
    const keys = fc.uniqueArray(fc.oneof(fc.string({ unit: 'binary' }), fc.nat().map(String)), {
      minLength: 17,
      maxLength: 60,
    });
    fc.assert(
      fc.property(keys, (names) => {
        const value = Object.fromEntries(names.map((name, index) => [name, index]));
        const sorted = [...names].sort();
        const expected = `{${sorted.map((name) => `${JSON.stringify(name)}:${names.indexOf(name)}`).join(',')}}`;
        expect(canonicalJson(value)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('quotes text exactly as JSON.stringify does', () => {
    for (const text of [
      'plain',
      'a"b',
      'back\\slash',
      'tab\t',
      '\u0000',
      '北家',
      '😀',
      '\ud800',
      '\udc00x',
      '\u2028',
    ]) {
      expect(quoteJson(text)).toBe(JSON.stringify(text));
    }
  });
});
