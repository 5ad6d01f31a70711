import { describe, expect, it } from 'vitest';
import { keepWhileSame, sameData } from './stable';

describe('sameData, structural equality of feed data', () => {
  it('compares nested objects and arrays by value', () => {
    expect(sameData({ a: [1, 'x', { b: null }] }, { a: [1, 'x', { b: null }] })).toBe(true);
    expect(sameData({ a: [1, 'x', { b: null }] }, { a: [1, 'x', { b: 0 }] })).toBe(false);
    expect(sameData(['H5a', 'S7b'], ['H5a'])).toBe(false);
    expect(sameData(['H5a', 'S7b'], ['S7b', 'H5a'])).toBe(false);
  });

  it('tells a missing key, an extra key, null and an array apart', () => {
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameData(null, {})).toBe(false);
    expect(sameData([], {})).toBe(false);
    expect(sameData({}, [])).toBe(false);
  });
});

describe('keepWhileSame', () => {
  it('hands back the copy it returned while the next one is equal, and the new one once it differs', () => {
    const keep = keepWhileSame<{ cardsLeft: number; hand: string[] }>();
    const first = { cardsLeft: 2, hand: ['H5a', 'S7b'] };
    expect(keep(first)).toBe(first);
    expect(keep({ cardsLeft: 2, hand: ['H5a', 'S7b'] })).toBe(first);
    const played = { cardsLeft: 1, hand: ['S7b'] };
    expect(keep(played)).toBe(played);
    expect(keep({ cardsLeft: 1, hand: ['S7b'] })).toBe(played);
  });

  it('keeps null and the first value apart', () => {
    const keep = keepWhileSame<{ seat: string } | null>();
    expect(keep(null)).toBeNull();
    const clock = { seat: 'S' };
    expect(keep(clock)).toBe(clock);
    expect(keep(null)).toBeNull();
  });
});
