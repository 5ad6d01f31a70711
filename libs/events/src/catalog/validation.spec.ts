import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exceedsBytes, jsonBytesBound, utf8Bytes } from './validation';

/** The size check as it was: always build the JSON and count its UTF-8 bytes. */
function exactlyOver(value: unknown, limit: number): number | undefined {
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined) return undefined;
  const bytes = new TextEncoder().encode(json).length;
  return bytes > limit ? bytes : undefined;
}

// Full Unicode (lone surrogates and control characters included: JSON escapes them to six bytes).
const anyJson = fc.jsonValue({ depthSize: 'medium' });
const text = fc.string({ unit: 'binary', maxLength: 40 });
const withUndefined = fc.dictionary(text, fc.oneof(anyJson, fc.constant(undefined)));

describe('size check bound', () => {
  it('is never below the UTF-8 bytes of JSON.stringify', () => {
    fc.assert(
      fc.property(fc.oneof(anyJson, withUndefined, fc.array(text)), (value) => {
        const bound = jsonBytesBound(value);
        expect(bound).toBeGreaterThanOrEqual(0);
        expect(bound).toBeGreaterThanOrEqual(utf8Bytes(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('decides like the exact check at every limit', () => {
    fc.assert(
      fc.property(fc.oneof(anyJson, withUndefined), fc.nat({ max: 2000 }), (value, limit) => {
        expect(exceedsBytes(value, limit)).toBe(exactlyOver(value, limit));
      }),
      { numRuns: 2000 },
    );
  });

  it('hands what a plain walk cannot bound to JSON.stringify', () => {
    const viaToJson = { note: { toJSON: () => 'x'.repeat(500) } };
    expect(jsonBytesBound(viaToJson)).toBe(-1);
    expect(exceedsBytes(viaToJson, 100)).toBe(exactlyOver(viaToJson, 100));
    const array = Object.assign(['a'], { toJSON: () => 'y'.repeat(500) });
    expect(jsonBytesBound(array)).toBe(-1);
    expect(exceedsBytes(array, 100)).toBe(502);
    expect(jsonBytesBound(new Date(0))).toBe(-1);
    expect(exceedsBytes({ at: new Date(0) }, 10)).toBe(33);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 40; i += 1) deep = [deep];
    expect(jsonBytesBound(deep)).toBe(-1);
    expect(exceedsBytes(deep, 1000)).toBeUndefined();
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => exceedsBytes(cycle, 1000)).toThrow(TypeError);
  });

  it('counts the worst case of each kind of value', () => {
    expect(utf8Bytes('\u0001')).toBe(8);
    expect(jsonBytesBound('\u0001')).toBe(8);
    expect(utf8Bytes(-1.2345678901234567e-308)).toBeLessThanOrEqual(jsonBytesBound(0));
    expect(utf8Bytes(-0.0000012345678901234567)).toBeLessThanOrEqual(jsonBytesBound(0));
  });
});
