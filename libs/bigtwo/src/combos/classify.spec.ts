import type { Face } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { bigTwoDeck } from '../cards/card-value';
import { classify } from './classify';
import { DEFAULT_BIGTWO_RULES, type BigTwoRules } from './rules';

const A = DEFAULT_BIGTWO_RULES;
const B: BigTwoRules = { ...DEFAULT_BIGTWO_RULES, straightKey: 'b' };
/** Cards written as on the felt, rank first: "3D 4C" → ['D3', 'C4']. */
const cards = (text: string): Face[] =>
  text.split(' ').map((card) => `${card[1] ?? ''}${card[0] ?? ''}` as Face);
const read = (text: string, rules: BigTwoRules = A) => classify(cards(text), rules);

describe('classify', () => {
  it('B2-DEAL-1: the deck is the 52 cards without jokers, and a joker is no Big Two card', () => {
    const deck = bigTwoDeck();
    expect(deck).toHaveLength(52);
    expect(new Set(deck).size).toBe(52);
    expect(deck[0]).toBe('D3');
    expect(deck[51]).toBe('S2');
    expect(classify(['BJ'], A)).toBeNull();
    expect(classify(['RJ'], A)).toBeNull();
  });

  it('B2-COMBO-1: any one card is a single, named by its rank and suit', () => {
    expect(read('8H')).toEqual({ type: 'single', rank: '8', suit: 'H', length: 1 });
    expect(read('2S')).toEqual({ type: 'single', rank: '2', suit: 'S', length: 1 });
    expect(read('3D')).toEqual({ type: 'single', rank: '3', suit: 'D', length: 1 });
  });

  it('B2-COMBO-2: two cards of one rank are a pair, named by the higher-suited card', () => {
    expect(read('5D 5C')).toEqual({ type: 'pair', rank: '5', suit: 'C', length: 2 });
    expect(read('KS KD')).toEqual({ type: 'pair', rank: 'K', suit: 'S', length: 2 });
    expect(read('5D 6D')).toBeNull();
  });

  it('B2-COMBO-3: three cards of one rank are a triple, named by its rank alone', () => {
    expect(read('3D 3C 3S')).toEqual({ type: 'triple', rank: '3', length: 3 });
    expect(read('3D 3C 4S')).toBeNull();
  });

  it('B2-COMBO-4: five consecutive cards of mixed suits are a straight', () => {
    expect(read('3D 4C 5H 6S 7D')).toEqual({ type: 'straight', rank: '7', suit: 'D', length: 5 });
    expect(read('9D TC JH QS KD')?.type).toBe('straight');
    expect(read('3D 4C 5H 6S 8D')).toBeNull();
  });

  it('B2-COMBO-4, DEC-B2-1: A ends TJQKA or starts A2345, 23456 is a straight, and A or 2 never sits inside', () => {
    expect(read('TD JC QH KS AD')).toEqual({ type: 'straight', rank: 'A', suit: 'D', length: 5 });
    expect(read('AD 2C 3H 4S 5D')?.type).toBe('straight');
    expect(read('2C 3H 4S 5D 6D')?.type).toBe('straight');
    expect(read('JD QC KH AS 2D')).toBeNull();
    expect(read('QD KC AH 2S 3D')).toBeNull();
    expect(read('KD AC 2H 3S 4D')).toBeNull();
  });

  it('B2-COMBO-5: five non-consecutive cards of one suit are a flush, named by the highest card', () => {
    expect(read('3H 4H 5H 6H 8H')).toEqual({ type: 'flush', rank: '8', suit: 'H', length: 5 });
    expect(read('3C 9C JC KC 2C')).toEqual({ type: 'flush', rank: '2', suit: 'C', length: 5 });
  });

  it('B2-COMBO-6: a triple and a pair are a full house, named by the triple', () => {
    expect(read('9D 9C 9S 3D 3H')).toEqual({ type: 'fullHouse', rank: '9', length: 5 });
    expect(read('2D 2C 9S 9D 9H')).toEqual({ type: 'fullHouse', rank: '9', length: 5 });
  });

  it('B2-COMBO-7: four of a rank and any one card are a four of a kind (鐵枝), named by the four', () => {
    expect(read('8D 8C 8H 8S 3D')).toEqual({ type: 'fourOfAKind', rank: '8', length: 5 });
    expect(read('3S 8D 8C 8H 8S')).toEqual({ type: 'fourOfAKind', rank: '8', length: 5 });
  });

  it('B2-COMBO-8: five consecutive cards of one suit are a straight flush, never a straight or a flush', () => {
    expect(read('3S 4S 5S 6S 7S')).toEqual({ type: 'straightFlush', rank: '7', suit: 'S', length: 5 });
    expect(read('AD 2D 3D 4D 5D')?.type).toBe('straightFlush');
    expect(read('TH JH QH KH AH')?.type).toBe('straightFlush');
    expect(read('JH QH KH AH 2H')?.type).toBe('flush');
  });

  it('B2-COMBO-9: two pairs, a bare four, four or six-card runs and a repeated card are no combination', () => {
    expect(read('5D 5C 6D 6C')).toBeNull();
    expect(read('5D 5C 6D 6C 9S')).toBeNull();
    expect(read('8D 8C 8H 8S')).toBeNull();
    expect(read('3D 4C 5H 6S')).toBeNull();
    expect(read('3D 4C 5H 6S 7D 8D')).toBeNull();
    expect(read('3D 3D')).toBeNull();
    expect(read('3D 3D 3D 4C 4C')).toBeNull();
    expect(classify([], A)).toBeNull();
  });

  it('B2-CMP-4, DEC-B2-1 reading (a): the key card is the highest by the single order, the 2 of A2345 and of 23456', () => {
    expect(read('AD 2C 3H 4S 5D')).toEqual({ type: 'straight', rank: '2', suit: 'C', length: 5 });
    expect(read('2C 3H 4S 5D 6D')).toEqual({ type: 'straight', rank: '2', suit: 'C', length: 5 });
    expect(read('AS 2S 3S 4S 5S')).toEqual({ type: 'straightFlush', rank: '2', suit: 'S', length: 5 });
    expect(read('TD JC QH KS AH')).toEqual({ type: 'straight', rank: 'A', suit: 'H', length: 5 });
  });

  it('B2-CMP-4 reading (b): the key card is the top of the sequence, the 5 of A2345 and the 6 of 23456', () => {
    expect(read('AD 2C 3H 4S 5D', B)).toEqual({ type: 'straight', rank: '5', suit: 'D', length: 5 });
    expect(read('2C 3H 4S 5D 6H', B)).toEqual({ type: 'straight', rank: '6', suit: 'H', length: 5 });
    expect(read('AS 2S 3S 4S 5S', B)).toEqual({ type: 'straightFlush', rank: '5', suit: 'S', length: 5 });
    expect(read('TD JC QH KS AH', B)).toEqual({ type: 'straight', rank: 'A', suit: 'H', length: 5 });
    expect(read('3C 9C JC KC 2C', B)).toEqual({ type: 'flush', rank: '2', suit: 'C', length: 5 });
  });

  it('readings are shared frozen objects', () => {
    const one = read('5D 5C');
    expect(read('5C 5D')).toBe(one);
    expect(Object.isFrozen(one)).toBe(true);
  });
});
