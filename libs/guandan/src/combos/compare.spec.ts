import { RANKS, type Rank } from '@tablecast/cards';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Reading } from '../model/reading';
import { beats } from './compare';

const r = (type: Reading['type'], rank: Reading['rank'], length: number, suit?: Reading['suit']): Reading =>
  suit === undefined ? { type, rank, length } : { type, rank, length, suit };

describe('beats (GD-CMP-*)', () => {
  it('GD-RANK-1: big joker > small joker > level card > A > … > 2', () => {
    const order: Reading['rank'][] = ['RJ', 'BJ', '7', 'A', 'K', '8', '6', '2'];
    for (let i = 0; i + 1 < order.length; i += 1) {
      expect(beats(r('single', order[i], 1), r('single', order[i + 1], 1), '7')).toBe(true);
      expect(beats(r('single', order[i + 1], 1), r('single', order[i], 1), '7')).toBe(false);
    }
  });

  it('GD-RANK-1 (004 example, level 10): 大王 > 小王 > 10 > A > K > Q > J > 9 > … > 2', () => {
    const order: Reading['rank'][] = [
      'RJ',
      'BJ',
      'T',
      'A',
      'K',
      'Q',
      'J',
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      '3',
      '2',
    ];
    for (let i = 0; i + 1 < order.length; i += 1) {
      expect(beats(r('single', order[i], 1), r('single', order[i + 1], 1), 'T')).toBe(true);
    }
  });

  it('GD-RANK-1: when A is the level, A is the level card (above K, below the jokers)', () => {
    expect(beats(r('pair', 'A', 2), r('pair', 'K', 2), 'A')).toBe(true);
    expect(beats(r('pair', 'BJ', 2), r('pair', 'A', 2), 'A')).toBe(true);
  });

  it('GD-CMP-1: equal plays do not beat each other', () => {
    expect(beats(r('pair', '9', 2), r('pair', '9', 2), '2')).toBe(false);
  });

  it('GD-CMP-2: same type and card count only; full house by its triple; sequences by top position', () => {
    expect(beats(r('triple', 'K', 3), r('pair', '3', 2), '2')).toBe(false);
    expect(beats(r('fullHouse', '9', 5), r('fullHouse', '8', 5), '2')).toBe(true);
    expect(beats(r('straight', '6', 5), r('straight', '5', 5), '2')).toBe(true); // 23456 > A2345
    expect(beats(r('straight', 'A', 5), r('straight', 'K', 5), '2')).toBe(true); // TJQKA > 9TJQK
  });

  it('GD-CMP-2 adversarial: AA2233 vs QQKKAA when 2 or A is the level — QQKKAA is higher either way', () => {
    for (const level of ['2', 'A'] as Rank[]) {
      expect(beats(r('pairSequence', 'A', 6), r('pairSequence', '3', 6), level)).toBe(true);
      expect(beats(r('pairSequence', '3', 6), r('pairSequence', 'A', 6), level)).toBe(false);
    }
    expect(beats(r('tripleSequence', '3', 6), r('tripleSequence', '2', 6), '2')).toBe(true); // 222333 > AAA222
  });

  it('GD-CMP-4: any bomb-class play beats any normal combination', () => {
    expect(beats(r('bomb', '2', 4), r('straight', 'A', 5), '9')).toBe(true);
    expect(beats(r('straightFlush', '5', 5, 'S'), r('pair', 'RJ', 2), '9')).toBe(true);
  });

  it('GD-CMP-5: more cards beat fewer; same count by rank', () => {
    expect(beats(r('bomb', '2', 5), r('bomb', 'A', 4), '9')).toBe(true);
    expect(beats(r('bomb', '9', 4), r('bomb', 'A', 4), '9')).toBe(true); // level 9 bomb > A bomb
  });

  it('GD-CMP-6: a straight flush sits between 5- and 6-card bombs; higher top wins', () => {
    const sf = r('straightFlush', '6', 5, 'H');
    expect(beats(sf, r('bomb', 'A', 5), '2')).toBe(true);
    expect(beats(r('bomb', '3', 6), sf, '2')).toBe(true);
    expect(beats(r('straightFlush', '7', 5, 'C'), sf, '2')).toBe(true);
    expect(beats(r('straightFlush', '6', 5, 'C'), sf, '2')).toBe(false); // suits never decide (GD-CMP-3)
  });

  it('GD-CMP-3: suits never decide — straight flushes of the same top tie whatever their suits, either way round', () => {
    for (const a of ['S', 'H', 'C', 'D'] as const) {
      for (const b of ['S', 'H', 'C', 'D'] as const) {
        expect(beats(r('straightFlush', 'T', 5, a), r('straightFlush', 'T', 5, b), '2')).toBe(false);
      }
    }
    // And a lower top never wins by its suit.
    expect(beats(r('straightFlush', '9', 5, 'S'), r('straightFlush', 'T', 5, 'D'), '2')).toBe(false);
  });

  it('GD-CMP-7 adversarial: four jokers beat a 10-card bomb; nothing beats four jokers', () => {
    expect(beats(r('fourJokers', undefined, 4), r('bomb', 'A', 10), '2')).toBe(true);
    expect(beats(r('bomb', 'A', 10), r('fourJokers', undefined, 4), '2')).toBe(false);
    expect(beats(r('fourJokers', undefined, 4), r('fourJokers', undefined, 4), '2')).toBe(false);
  });

  const readingArb: fc.Arbitrary<Reading> = fc.oneof(
    fc
      .record({
        type: fc.constantFrom('single' as const, 'pair' as const),
        rank: fc.constantFrom(...RANKS, 'BJ' as const, 'RJ' as const),
      })
      .map((x) => r(x.type, x.rank, x.type === 'single' ? 1 : 2)),
    fc.constantFrom(...RANKS).map((rank) => r('triple', rank, 3)),
    fc.constantFrom(...RANKS).map((rank) => r('fullHouse', rank, 5)),
    fc
      .constantFrom('5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A' as const)
      .map((rank) => r('straight', rank as Rank, 5)),
    fc
      .record({ rank: fc.constantFrom(...RANKS), length: fc.integer({ min: 4, max: 10 }) })
      .map((x) => r('bomb', x.rank, x.length)),
    fc
      .record({
        rank: fc.constantFrom('5', '9', 'A' as const),
        suit: fc.constantFrom('S' as const, 'H' as const),
      })
      .map((x) => r('straightFlush', x.rank as Rank, 5, x.suit)),
    fc.constant(r('fourJokers', undefined, 4)),
  );

  it('GD-CMP-1 property: beats is irreflexive and antisymmetric, at every level', () => {
    fc.assert(
      fc.property(readingArb, readingArb, fc.constantFrom(...RANKS), (a, b, level) => {
        expect(beats(a, a, level)).toBe(false);
        expect(beats(a, b, level) && beats(b, a, level)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('GD-CMP-8 property: the bomb ladder is transitive', () => {
    fc.assert(
      fc.property(readingArb, readingArb, readingArb, fc.constantFrom(...RANKS), (a, b, c, level) => {
        if (beats(a, b, level) && beats(b, c, level)) expect(beats(a, c, level)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
