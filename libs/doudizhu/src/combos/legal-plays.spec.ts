import { describe, expect, it } from 'vitest';
import { cardsOf } from '../testing/cards-of';
import { classify } from './classify';
import { beats } from './compare';
import { ddzLegalPlays, hasDdzLegalPlay } from './legal-plays';
import { ddzReadingKey, type DdzReading } from './reading';

const LANDLORD = cardsOf('3 3 3 4 4 4 5 5 5 6 7 8 9 T J Q K A 2 RJ');
const countByType = (plays: readonly { as: DdzReading }[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const play of plays) out[play.as.type] = (out[play.as.type] ?? 0) + 1;
  return out;
};

describe('legalPlays', () => {
  it('DDZ-PLAY-2: leading lists every combination of the hand once', () => {
    const plays = ddzLegalPlays(LANDLORD, null);
    // Counted by hand: 14 singles; 3 pairs; 3 triples; 3 triples x 13 kickers; 3 x 2 pair kickers;
    // straights 3..A of 5..12 cards: 8+7+…+1; one pair sequence; airplanes 34, 45, 345; wings:
    // 34 and 45 each take 2 of 12 other ranks (66 + one doubled rank), 345 takes 3 of 11 singles.
    expect(countByType(plays)).toEqual({
      single: 14,
      pair: 3,
      triple: 3,
      tripleWithSingle: 39,
      tripleWithPair: 6,
      straight: 36,
      pairSequence: 1,
      airplane: 3,
      airplaneWithSingles: 67 + 67 + 165,
    });
    const keys = plays.map((p) => `${p.cards.join(',')}|${ddzReadingKey(p.as)}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const play of plays)
      expect(classify(play.cards).map(ddzReadingKey)).toContain(ddzReadingKey(play.as));
  });

  it('DDZ-PLAY-2: plays differing only in suits are one play', () => {
    const plays = ddzLegalPlays(cardsOf('7 7 7 7'), null);
    expect(plays.map((p) => p.cards.join(' '))).toEqual(['S7', 'S7 H7', 'S7 H7 C7', 'S7 H7 C7 D7']);
    // The hand's order does not change which suits are shown.
    expect(ddzLegalPlays(['D7', 'C7', 'H7', 'S7'], null)).toEqual(plays);
  });

  it('DDZ-CMP-6: following lists only higher plays of the same type and length, bombs and the rocket', () => {
    const hand = cardsOf('3 4 4 5 5 6 6 6 6 BJ RJ');
    const toBeat: DdzReading = { type: 'pair', rank: '4', length: 2 };
    const plays = ddzLegalPlays(hand, toBeat);
    expect(plays.map((p) => `${p.as.type}:${p.cards.join(' ')}`)).toEqual([
      'pair:S5 H5',
      'pair:S6 H6',
      'bomb:S6 H6 C6 D6',
      'rocket:BJ RJ',
    ]);
    for (const play of plays) expect(beats(play.as, toBeat)).toBe(true);
  });

  it('DDZ-CMP-1: nothing follows the rocket; only higher bombs and the rocket follow a bomb', () => {
    const hand = cardsOf('3 3 3 3 9 9 9 9 BJ RJ');
    expect(ddzLegalPlays(hand, { type: 'rocket', length: 2 })).toEqual([]);
    expect(hasDdzLegalPlay(hand, { type: 'rocket', length: 2 })).toBe(false);
    const overBomb = ddzLegalPlays(hand, { type: 'bomb', rank: '5', length: 4 });
    expect(overBomb.map((p) => p.as.type)).toEqual(['bomb', 'rocket']);
    expect(overBomb[0]?.as.rank).toBe('9');
  });

  it('DDZ-PLAY-6: the first lead listed is the lowest single', () => {
    expect(ddzLegalPlays(cardsOf('RJ 2 5 A'), null)[0]?.cards).toEqual(['S5']);
  });

  it('DDZ-COMBO-10: airplanes with wings of the right length follow an airplane with wings', () => {
    const hand = cardsOf('5 5 5 6 6 6 7 7 7 3 9 9 Q');
    const plays = ddzLegalPlays(hand, { type: 'airplaneWithSingles', rank: '4', length: 8 });
    expect(plays.every((p) => p.as.type === 'airplaneWithSingles' && p.as.length === 8)).toBe(true);
    // Chain 555 666: two wings from 3, 7, 9, Q (6 pairs of ranks) or 7 7, 9 9 (two of the 7s may be
    // wings, not three: a triple next to the chain). Chain 666 777 likewise with the 5s.
    expect(plays.filter((p) => p.as.rank === '6')).toHaveLength(8);
    expect(plays.filter((p) => p.as.rank === '7')).toHaveLength(8);
    expect(plays.some((p) => p.cards.join(' ') === 'S5 H5 C5 S6 H6 C6 S7 H7')).toBe(true);
  });
});
