import type { Face } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { classify } from './classify';
import { beats } from './compare';
import type { B2Reading } from './reading';
import { DEFAULT_BIGTWO_RULES, type BigTwoRules } from './rules';

const A = DEFAULT_BIGTWO_RULES;
const B: BigTwoRules = { ...DEFAULT_BIGTWO_RULES, straightKey: 'b' };
const cards = (text: string): Face[] =>
  text.split(' ').map((card) => `${card[1] ?? ''}${card[0] ?? ''}` as Face);
function read(text: string, rules: BigTwoRules = A): B2Reading {
  const reading = classify(cards(text), rules);
  if (reading === null) throw new Error(`${text} is no combination`);
  return reading;
}
/** Whether the first play beats the second, under `rules`. */
const over = (play: string, toBeat: string, rules: BigTwoRules = A): boolean =>
  beats(read(play, rules), read(toBeat, rules), rules);

describe('beats', () => {
  it('B2-CMP-1: suits ♠ > ♥ > ♣ > ♦ decide between equal ranks, clubs above diamonds', () => {
    expect(over('9S', '9H')).toBe(true);
    expect(over('9H', '9C')).toBe(true);
    expect(over('9C', '9D')).toBe(true);
    expect(over('9D', '9C')).toBe(false);
    expect(over('TD', '9S')).toBe(true);
  });

  it('B2-CMP-2: singles run 2 > A > K > … > 3, then suit', () => {
    expect(over('2D', 'AS')).toBe(true);
    expect(over('AD', 'KS')).toBe(true);
    expect(over('4D', '3S')).toBe(true);
    expect(over('3S', '2D')).toBe(false);
  });

  it('B2-CMP-3: pairs by rank, then by their higher-suited card; triples by rank; only against their own type', () => {
    expect(over('KS KC', 'KH KD')).toBe(true);
    expect(over('KH KD', 'KS KC')).toBe(false);
    expect(over('AD AC', 'KS KH')).toBe(true);
    expect(over('4D 4C 4H', '3D 3C 3S')).toBe(true);
    expect(over('3D 3C 3S', '4D 4C 4H')).toBe(false);
    expect(over('2S 2H', '3D')).toBe(false);
    expect(over('2S', '3D 3C')).toBe(false);
    expect(over('2S 2H 2C', '3D 3C')).toBe(false);
  });

  it('B2-CMP-4: five-card classes rank straight < flush < full house < four of a kind < straight flush', () => {
    const ladder = ['TD JC QH KS AH', '3C 5C 7C 9C JC', '4D 4C 4H 3D 3C', '5D 5C 5H 5S 3S', '3D 4D 5D 6D 7D'];
    ladder.forEach((low, i) => {
      ladder.forEach((high, j) => {
        expect(over(high, low), `${high} over ${low}`).toBe(j > i);
      });
    });
    expect(over('3D 4D 5D 6D 7D', '5D 5C 5H 5S 3S')).toBe(true);
  });

  it('B2-CMP-4: within a class the key card decides, then its suit; full house by the triple, four of a kind by the four', () => {
    expect(over('4D 5C 6H 7S 8D', '3D 4C 5H 6S 7S')).toBe(true);
    expect(over('3D 4C 5H 6D 7S', '3C 4D 5S 6S 7H')).toBe(true);
    expect(over('3C 5C 7C 9C KC', '4H 6H 8H TH QH')).toBe(true);
    expect(over('3S 5S 7S 9S JS', '4H 6H 8H TH JH')).toBe(true);
    expect(over('5D 5C 5H 3S 3D', '4D 4C 4H 2S 2D')).toBe(true);
    expect(over('9D 9C 9H 9S 3D', '8D 8C 8H 8S 2S')).toBe(true);
    expect(over('4D 5D 6D 7D 8D', '3S 4S 5S 6S 7S')).toBe(true);
  });

  it('B2-CMP-4, DEC-B2-1: under reading (a) A2345 and 23456 are the highest straights, by the suit of their 2', () => {
    expect(over('AD 2C 3H 4S 5D', 'TD JC QH KS AS')).toBe(true);
    expect(over('2S 3H 4S 5D 6D', 'AD 2C 3H 4S 5D')).toBe(true);
    expect(over('AD 2C 3H 4S 5D', '2S 3H 4S 5D 6D')).toBe(false);
  });

  it('B2-CMP-4 reading (b): A2345 is the lowest straight and TJQKA the highest', () => {
    expect(over('3D 4C 5H 6S 7D', 'AD 2C 3H 4S 5S', B)).toBe(true);
    expect(over('AD 2C 3H 4S 5S', '2D 3C 4H 5S 6D', B)).toBe(false);
    expect(over('TD JC QH KS AD', '9S TC JH QS KS', B)).toBe(true);
    expect(over('TD JC QH KS AD', '2D 3C 4H 5S 6D', B)).toBe(true);
  });

  it('B2-CMP-5: a following play must be strictly greater; the same key never beats itself', () => {
    for (const play of ['7H', 'KS KD', '9D 9C 9S', '3D 4C 5H 6S 7D', '3H 4H 5H 6H 8H', '8D 8C 8H 8S 3D'])
      expect(over(play, play), play).toBe(false);
    expect(over('3D 4C 5H 6S 7D', '3C 4D 5S 6H 7D')).toBe(false);
  });
});
