import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, quoteJson } from './canonical-json';

/**
 * The definition, written the slow and obvious way: keys sorted at every depth, each member and
 * scalar written by JSON.stringify. Written out as text, not rebuilt as an object: an object lists
 * number-like keys ("0") before all others whatever order they were added in, so a sorted object
 * passed to JSON.stringify would put "0" before "".
 */
function reference(value: unknown): string {
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : reference(item))).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .sort()
    .filter((key) => record[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${reference(record[key])}`);
  return `{${members.join(',')}}`;
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
      // The case a random run once found: a number-like key after the empty key.
      { numRuns: 2000, examples: [[{ '0': 0, '': 0 }]] },
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
