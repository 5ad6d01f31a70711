import { describe, expect, it } from 'vitest';
import { cardsOf } from '../testing/cards-of';
import { classify } from './classify';
import type { DdzReading } from './reading';

const read = (ranks: string): DdzReading[] => classify(cardsOf(ranks)).map((r) => ({ ...r }));
const one = (type: DdzReading['type'], rank: string | undefined, length: number): DdzReading[] => [
  rank === undefined ? { type, length } : ({ type, rank, length } as DdzReading),
];

describe('classify: combinations', () => {
  it('DDZ-COMBO-1: the two jokers are the rocket, never a pair', () => {
    expect(read('BJ RJ')).toEqual(one('rocket', undefined, 2));
    expect(read('RJ BJ')[0]).not.toHaveProperty('rank');
  });

  it('DDZ-COMBO-2: four of a rank are a bomb', () => {
    expect(read('5 5 5 5')).toEqual(one('bomb', '5', 4));
    expect(read('2 2 2 2')).toEqual(one('bomb', '2', 4));
  });

  it('DDZ-COMBO-3: any one card is a single, jokers included', () => {
    expect(read('3')).toEqual(one('single', '3', 1));
    expect(read('BJ')).toEqual(one('single', 'BJ', 1));
    expect(read('RJ')).toEqual(one('single', 'RJ', 1));
  });

  it('DDZ-COMBO-4: two cards of one rank are a pair', () => {
    expect(read('5 5')).toEqual(one('pair', '5', 2));
    expect(read('2 2')).toEqual(one('pair', '2', 2));
    expect(read('5 6')).toEqual([]);
  });

  it('DDZ-COMBO-5: three cards of one rank are a triple', () => {
    expect(read('7 7 7')).toEqual(one('triple', '7', 3));
    expect(read('7 7 8')).toEqual([]);
  });

  it('DDZ-COMBO-6: triple with a single or a pair of another rank, a joker may be the single', () => {
    expect(read('3 3 3 4')).toEqual(one('tripleWithSingle', '3', 4));
    expect(read('9 9 9 3 3')).toEqual(one('tripleWithPair', '9', 5));
    expect(read('K K K RJ')).toEqual(one('tripleWithSingle', 'K', 4));
    expect(read('9 9 9 3 4')).toEqual([]);
  });

  it('DDZ-COMBO-7: straights of 5 to 12 consecutive ranks, 3 to A, no 2 or joker', () => {
    expect(read('3 4 5 6 7')).toEqual(one('straight', '7', 5));
    expect(read('3 4 5 6 7 8 9 T J Q K A')).toEqual(one('straight', 'A', 12));
    expect(read('T J Q K A')).toEqual(one('straight', 'A', 5));
    expect(read('J Q K A 2')).toEqual([]);
    expect(read('3 4 5 6')).toEqual([]);
    expect(read('3 4 5 6 8')).toEqual([]);
  });

  it('DDZ-COMBO-8: three or more consecutive pairs', () => {
    expect(read('3 3 4 4 5 5')).toEqual(one('pairSequence', '5', 6));
    expect(read('Q Q K K A A')).toEqual(one('pairSequence', 'A', 6));
    expect(read('3 3 4 4')).toEqual([]);
    expect(read('K K A A 2 2')).toEqual([]);
  });

  it('DDZ-COMBO-9: two or more consecutive triples, highest AAA', () => {
    expect(read('3 3 3 4 4 4')).toEqual(one('airplane', '4', 6));
    expect(read('7 7 7 8 8 8 9 9 9')).toEqual(one('airplane', '9', 9));
    expect(read('A A A 2 2 2')).toEqual([]);
  });

  it('DDZ-COMBO-10: airplane with one single or one pair per triple (DEC-DDZ-3)', () => {
    expect(read('3 3 3 4 4 4 6 9')).toEqual(one('airplaneWithSingles', '4', 8));
    expect(read('3 3 3 4 4 4 5 5')).toEqual(one('airplaneWithSingles', '4', 8)); // the source's 333444+55
    expect(read('3 3 3 4 4 4 6 6 9 9')).toEqual(one('airplaneWithPairs', '4', 10));
    expect(read('3 3 3 4 4 4 5 5 5 9 9 9')).toEqual(one('airplaneWithSingles', '5', 12));
    // Never both jokers, never a bomb, never a triple next to the chain, never the chain's own rank.
    expect(read('3 3 3 4 4 4 BJ RJ')).toEqual([]);
    expect(read('3 3 3 4 4 4 5 5 5 6 6 6 9 9 9 9')).toEqual([]);
    expect(read('4 4 4 5 5 5 6 6 6 3 3 3')).toEqual(one('airplane', '6', 12));
    expect(read('3 3 3 4 4 4 4 9')).toEqual([]);
    expect(read('3 3 3 4 4 4 6 6 6 6')).toEqual([]);
    expect(read('3 3 3 4 4 4 6 6 7')).toEqual([]);
  });

  it('DDZ-COMBO-11: four with two singles or two pairs, not a bomb, never the rocket (DEC-DDZ-3)', () => {
    expect(read('5 5 5 5 3 9')).toEqual(one('fourWithTwoSingles', '5', 6));
    expect(read('5 5 5 5 3 3')).toEqual(one('fourWithTwoSingles', '5', 6));
    expect(read('9 9 9 9 6 6 8 8')).toEqual(one('fourWithTwoPairs', '9', 8));
    expect(read('5 5 5 5 BJ RJ')).toEqual([]);
    expect(read('5 5 5 5 3 3 3 3')).toEqual([]);
    expect(read('5 5 5 5 BJ 3')).toEqual(one('fourWithTwoSingles', '5', 6));
  });

  it('DDZ-COMBO-12: nothing else is a combination', () => {
    for (const ranks of ['', '3 4', '3 3 4', '3 3 4 4 5', '3 3 3 3 4', '2 2 2 BJ RJ', '3 3 3 4 4 4 5'])
      expect(read(ranks)).toEqual([]);
  });
});
