import type { Face } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { compareBigTwoFaces } from '../cards/card-value';
import { classify } from './classify';
import { hasLegalPlay, legalPlays, type B2Play } from './legal-plays';
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
/** A play as text, its cards low to high: "3D 4C 5H 6S 7D". */
const shown = (play: B2Play): string =>
  [...play.faces]
    .sort(compareBigTwoFaces)
    .map((face) => `${face[1] ?? ''}${face[0] ?? ''}`)
    .join(' ');
const countByType = (plays: readonly B2Play[]): Record<string, number> =>
  plays.reduce<Record<string, number>>(
    (n, play) => ({ ...n, [play.reading.type]: (n[play.reading.type] ?? 0) + 1 }),
    {},
  );

/** The hand of the benchmark. */
const BENCH_HAND = cards('3D 4C 5H 6S 7D 7C 7H 7S 9S JS QS KS 2S');

describe('legalPlays', () => {
  it('B2-PLAY-2: a leader may lead every combination the hand holds, each set of cards once', () => {
    const plays = legalPlays(BENCH_HAND, null, A);
    expect(countByType(plays)).toEqual({
      single: 13,
      pair: 6,
      triple: 4,
      straight: 5, // 3-4-5-6-7 with each of the four 7s, and 2-3-4-5-6
      flush: 21, // any five of the seven spades 6 7 9 J Q K 2
      fourOfAKind: 9, // the four 7s with each of the nine other cards
    });
    expect(new Set(plays.map(shown)).size).toBe(plays.length);
    for (const play of plays) expect(classify(play.faces, A), shown(play)).toBe(play.reading);
    expect(plays.map(shown)).toContain('3D 4C 5H 6S 2S');
  });

  it('B2-PLAY-3: a follower plays the same type higher: singles over 9♠', () => {
    const plays = legalPlays(BENCH_HAND, read('9S'), A);
    expect(plays.map(shown)).toEqual(['JS', 'QS', 'KS', '2S']);
  });

  it('B2-PLAY-3, B2-CMP-3: pairs over a pair of 7s need the 7s with ♠ or a higher rank', () => {
    expect(legalPlays(BENCH_HAND, read('7D 7H'), A).map(shown)).toEqual(['7D 7S', '7C 7S', '7H 7S']);
    expect(legalPlays(BENCH_HAND, read('7C 7S'), A)).toEqual([]);
    expect(legalPlays(BENCH_HAND, read('3D 3C 3H'), A).map(shown)).toEqual([
      '7D 7C 7H',
      '7D 7C 7S',
      '7D 7H 7S',
      '7C 7H 7S',
    ]);
  });

  it('B2-CMP-4: over a straight every higher straight and every higher class follows', () => {
    const plays = legalPlays(BENCH_HAND, read('3D 4C 5H 6S 7H'), A);
    expect(countByType(plays)).toEqual({ straight: 2, flush: 21, fourOfAKind: 9 });
    expect(plays.filter((p) => p.reading.type === 'straight').map(shown)).toEqual([
      '3D 4C 5H 6S 2S',
      '3D 4C 5H 6S 7S',
    ]);
  });

  it('B2-CMP-4 reading (b): A2345 and 23456 are low straights, so over 34567 the 23456 cannot follow', () => {
    const plays = legalPlays(BENCH_HAND, read('3D 4C 5H 6S 7H', B), B);
    expect(plays.filter((p) => p.reading.type === 'straight').map(shown)).toEqual(['3D 4C 5H 6S 7S']);
  });

  it('B2-CMP-4: over a four of a kind only a higher four or a straight flush follows', () => {
    const hand = cards('3D 4D 5D 6D 7D 9C 9D 9H 9S 8C');
    const plays = legalPlays(hand, read('8D 8H 8S 8C 2S'), A);
    expect(countByType(plays)).toEqual({ fourOfAKind: 6, straightFlush: 1 });
    expect(legalPlays(hand, read('3S 4S 5S 6S 7S'), A)).toEqual([]);
  });

  it('B2-COMBO-6: full houses take every triple of a rank with every pair of another', () => {
    const hand = cards('9D 9C 9H 9S 3D 3H 4C 4S');
    const houses = legalPlays(hand, null, A).filter((p) => p.reading.type === 'fullHouse');
    expect(houses).toHaveLength(4 * 2);
    expect(houses.every((p) => p.reading.rank === '9')).toBe(true);
  });

  it('hasLegalPlay: a leader always has one, a follower only when something beats the play', () => {
    expect(hasLegalPlay(BENCH_HAND, null, A)).toBe(true);
    expect(hasLegalPlay(BENCH_HAND, read('2H'), A)).toBe(true);
    expect(hasLegalPlay(BENCH_HAND, read('2S'), A)).toBe(false);
    expect(hasLegalPlay(BENCH_HAND, read('AD AC'), A)).toBe(false);
    expect(hasLegalPlay([], null, A)).toBe(false);
  });
});
