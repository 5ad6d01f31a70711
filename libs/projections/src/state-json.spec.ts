import { describe, expect, it } from 'vitest';
import { StateJson } from './state-json';

describe('a state written as JSON with the text of its unchanged parts kept', () => {
  it('writes what JSON.stringify writes, whatever the values', () => {
    const values: unknown[] = [
      { a: 1, b: 'two', c: true, d: null, e: [1, undefined, 'x'], f: { g: { h: { i: [] } } } },
      { skipped: undefined, fn: () => 1, sym: Symbol('s'), kept: 0 },
      { nan: Number.NaN, inf: Number.POSITIVE_INFINITY, negZero: -0, big: 1e21, small: 5e-7 },
      { when: new Date(0), inner: { when: new Date(1) } },
      { map: new Map([['k', 1]]), set: new Set([1]), boxed: { n: Object(3) as unknown } },
      { 'quo"te': { 'new\nline': '\u2028 \ud800 é 名次' } },
      { custom: { toJSON: () => 'as text' }, nested: { deeper: { toJSON: () => [1, 2] } } },
      Object.assign(Object.create(null) as object, { bare: { x: 1 } }),
      [{ a: 1 }, { b: [2] }],
      'text',
      42,
      null,
    ];
    const json = new StateJson();
    for (const value of values) expect(json.stringify(value)).toBe(JSON.stringify(value));
  });

  it('a part kept from an earlier state is written as it was; a changed one as it is now', () => {
    const json = new StateJson();
    const ruleset = { name: 'cga2017', levels: ['2', '3', 'A'] };
    const hand = { order: ['c1', 'c2'], hands: { S: ['c1'], N: ['c2'] } };
    const first = { ruleset, hand, turn: 'S' };
    expect(json.stringify(first)).toBe(JSON.stringify(first));
    // The next state shares the ruleset and the card order, as an evolve that changes one hand does.
    const next = { ...first, hand: { ...hand, hands: { ...hand.hands, S: [] } }, turn: 'E' };
    expect(json.stringify(next)).toBe(JSON.stringify(next));
    expect(json.stringify(first)).toBe(JSON.stringify(first));
  });
});
