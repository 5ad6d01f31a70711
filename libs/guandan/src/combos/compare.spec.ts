import { RANKS, SUITS, type Rank, type Suit } from '@tablecast/cards';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMBO_TYPES, readingKey, type Reading } from '../model/reading';
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

  /** Sequence tops in position order (GD-RANK-2): A-low sequences top at their highest natural rank. */
  const STRAIGHT_TOPS: Rank[] = ['5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A']; // A2345 … TJQKA
  const PAIR_SEQUENCE_TOPS: Rank[] = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A']; // AA2233 … QQKKAA
  const TRIPLE_SEQUENCE_TOPS: Rank[] = [...RANKS]; // AAA222 … KKKAAA
  const JOKERS = ['BJ', 'RJ'] as const;

  /** Every valid reading, each once: the generator below draws from all of them. */
  const ALL_READINGS: readonly Reading[] = [
    ...[...RANKS, ...JOKERS].map((rank) => r('single', rank, 1)),
    ...[...RANKS, ...JOKERS].map((rank) => r('pair', rank, 2)),
    ...RANKS.map((rank) => r('triple', rank, 3)),
    ...RANKS.map((rank) => r('fullHouse', rank, 5)),
    ...STRAIGHT_TOPS.map((rank) => r('straight', rank, 5)),
    ...PAIR_SEQUENCE_TOPS.map((rank) => r('pairSequence', rank, 6)),
    ...TRIPLE_SEQUENCE_TOPS.map((rank) => r('tripleSequence', rank, 6)),
    ...[4, 5, 6, 7, 8, 9, 10].flatMap((length) => RANKS.map((rank) => r('bomb', rank, length))),
    ...STRAIGHT_TOPS.flatMap((rank) => SUITS.map((suit) => r('straightFlush', rank, 5, suit))),
    r('fourJokers', undefined, 4),
  ];
  const readingArb: fc.Arbitrary<Reading> = fc.constantFrom(...ALL_READINGS);

  it('the generator covers every combination type, rank, sequence top and straight-flush suit', () => {
    expect(new Set(ALL_READINGS.map((x) => x.type))).toEqual(new Set(COMBO_TYPES));
    expect(new Set(ALL_READINGS.map(readingKey)).size).toBe(ALL_READINGS.length);
    // 15 + 15 singles and pairs, 13 + 13 triples and full houses, 10 + 12 + 13 sequences,
    // 7 × 13 bombs, 10 × 4 straight flushes, four jokers.
    expect(ALL_READINGS).toHaveLength(30 + 26 + 35 + 91 + 40 + 1);
  });

  /**
   * The order GD-RANK-1 and GD-CMP-5…8 state, written out from the rules (not from compare.ts):
   * classes of readings that compare with each other, each from lowest to highest. Readings that
   * tie (straight flushes of one top, GD-CMP-3) share a step: the suit is drawn per reading.
   */
  const powerOrder = (level: Rank): (Rank | 'BJ' | 'RJ')[] => [
    ...RANKS.filter((rank) => rank !== level),
    level,
    ...JOKERS,
  ];
  type Step = (suit: Suit) => Reading;
  const ladders = (level: Rank): Step[][] => {
    const natural = powerOrder(level).filter((rank): rank is Rank => rank !== 'BJ' && rank !== 'RJ');
    const bombsOf = (length: number): Step[] => natural.map((rank) => () => r('bomb', rank, length));
    return [
      powerOrder(level).map((rank) => () => r('single', rank, 1)),
      powerOrder(level).map((rank) => () => r('pair', rank, 2)),
      natural.map((rank) => () => r('triple', rank, 3)),
      natural.map((rank) => () => r('fullHouse', rank, 5)),
      STRAIGHT_TOPS.map((rank) => () => r('straight', rank, 5)),
      PAIR_SEQUENCE_TOPS.map((rank) => () => r('pairSequence', rank, 6)),
      TRIPLE_SEQUENCE_TOPS.map((rank) => () => r('tripleSequence', rank, 6)),
      // GD-CMP-8: 4 < 5 < straight flush < 6 < … < 10 < four jokers; any of these over any normal play.
      [
        ...bombsOf(4),
        ...bombsOf(5),
        ...STRAIGHT_TOPS.map((rank) => (suit: Suit) => r('straightFlush', rank, 5, suit)),
        ...[6, 7, 8, 9, 10].flatMap(bombsOf),
        () => r('fourJokers', undefined, 4),
      ],
    ];
  };
  const LADDERS = new Map(RANKS.map((level) => [level, ladders(level)]));
  /** Three readings of one class, highest first (a > b > c by the rules), at a random level. */
  const chainArb = fc.tuple(fc.constantFrom(...RANKS), fc.nat({ max: 7 })).chain(([level, which]) => {
    const ladder = LADDERS.get(level)?.[which] ?? [];
    return fc
      .tuple(
        fc.uniqueArray(fc.nat({ max: ladder.length - 1 }), { minLength: 3, maxLength: 3 }),
        fc.tuple(fc.constantFrom(...SUITS), fc.constantFrom(...SUITS), fc.constantFrom(...SUITS)),
      )
      .map(([steps, suits]) => {
        const [hi, mid, lo] = [...steps].sort((x, y) => y - x).map((i, k) => ladder[i]?.(suits[k] ?? 'S'));
        if (hi === undefined || mid === undefined || lo === undefined) throw new Error('empty ladder');
        return { level, a: hi, b: mid, c: lo };
      });
  });

  it('GD-CMP-1 property: beats is irreflexive and antisymmetric, at every level', () => {
    fc.assert(
      fc.property(readingArb, readingArb, fc.constantFrom(...RANKS), (a, b, level) => {
        expect(beats(a, a, level)).toBe(false);
        expect(beats(a, b, level) && beats(b, a, level)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('GD-CMP-8 property: beats is transitive, on chains of readings that compare by construction', () => {
    const runs = 3000;
    let premiseHeld = 0;
    fc.assert(
      fc.property(chainArb, ({ level, a, b, c }) => {
        if (beats(a, b, level) && beats(b, c, level)) {
          premiseHeld += 1;
          expect(beats(a, c, level)).toBe(true);
        }
      }),
      { numRuns: runs },
    );
    // Every chain is a > b > c by the rules, so the premise holds in every run (not in 6 %).
    expect(premiseHeld).toBe(runs);
  });
});
