import { doubleDeck, faceOfCard, RANKS, seededShuffle, type Face, type Rank } from '@tablecast/cards';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMBO_TYPES, readingKey, type Reading } from '../model/reading';
import { classify } from './classify';
import { beats } from './compare';
import { hasLegalPlay, legalPlays, legalPlaysOfType, type Play } from './legal-plays';

const rules = { maxBombLength: 10, sameSuitRunMayBeStraight: true };
const playKey = (cards: readonly Face[], as: Reading): string =>
  `${[...cards].sort().join(' ')}|${readingKey(as)}`;

/** Every distinct sub-multiset of a small hand: the brute-force oracle for completeness. */
function subMultisets(hand: readonly Face[]): Face[][] {
  const sorted = [...hand].sort();
  const out: Face[][] = [];
  const walk = (i: number, acc: Face[]): void => {
    if (i === sorted.length) {
      if (acc.length > 0) out.push([...acc]);
      return;
    }
    const face = sorted[i];
    if (face === undefined) return;
    let j = i;
    while (j < sorted.length && sorted[j] === face) j += 1;
    for (let take = 0; take <= j - i; take += 1) {
      walk(j, [...acc, ...new Array<Face>(take).fill(face)]);
    }
  };
  walk(0, []);
  return out;
}

/** Hands of `size` cards; `dense` draws from four adjacent ranks and the jokers, to make runs and bombs likely. */
const handArb = (size: number, dense = false): fc.Arbitrary<{ hand: Face[]; level: Rank }> =>
  fc
    .record({
      seed: fc.string(),
      level: fc.constantFrom(...RANKS),
      wilds: fc.integer({ min: 0, max: 2 }),
      low: fc.integer({ min: 0, max: 12 }),
    })
    .map(({ seed, level, wilds, low }) => {
      const wild = `H${level}` as Face;
      const window = [0, 1, 2, 3].map((d) => RANKS[(low + d) % 13]);
      const rest = seededShuffle(doubleDeck(), seed)
        .map(faceOfCard)
        .filter((f) => f !== wild && (!dense || f === 'BJ' || f === 'RJ' || window.includes(f[1] as Rank)))
        .slice(0, size - wilds);
      return { hand: [...rest, ...new Array<Face>(wilds).fill(wild)], level };
    });

describe('legalPlays (GD-PLAY-1/2, GD-CMP-*)', () => {
  it('GD-PLAY-1: leading lists exactly the plays brute force finds, each once (property, small hands)', () => {
    fc.assert(
      fc.property(handArb(11), ({ hand, level }) => {
        const expected = new Set<string>();
        for (const cards of subMultisets(hand)) {
          for (const reading of classify(cards, level, rules)) expected.add(playKey(cards, reading));
        }
        const listed = legalPlays(hand, null, level, rules).map((p) => playKey(p.cards, p.as));
        expect(new Set(listed).size).toBe(listed.length);
        expect(new Set(listed)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('GD-CMP-1: following lists exactly the brute-force plays that beat the play to beat', () => {
    fc.assert(
      fc.property(handArb(11), handArb(12), fc.nat(), ({ hand, level }, other, pick) => {
        const leads = legalPlays(other.hand, null, level, rules);
        const toBeat = leads[pick % leads.length]?.as ?? null;
        if (toBeat === null) return;
        const expected = new Set<string>();
        for (const cards of subMultisets(hand)) {
          for (const reading of classify(cards, level, rules)) {
            if (beats(reading, toBeat, level)) expected.add(playKey(cards, reading));
          }
        }
        const listed = legalPlays(hand, toBeat, level, rules).map((p: Play) => playKey(p.cards, p.as));
        expect(new Set(listed)).toEqual(expected);
        expect(hasLegalPlay(hand, toBeat, level, rules)).toBe(expected.size > 0);
      }),
      { numRuns: 150 },
    );
  });

  it('GD-COMBO-3/5/7/8/9: dense hands (four adjacent ranks) list exactly the brute-force plays, leading and following', () => {
    fc.assert(
      fc.property(handArb(12, true), fc.nat(), ({ hand, level }, pick) => {
        const all = subMultisets(hand).flatMap((cards) =>
          classify(cards, level, rules).map((as) => ({ cards, as })),
        );
        const toBeat = pick % 3 === 0 ? null : (all[pick % Math.max(1, all.length)]?.as ?? null);
        const expected = new Set(
          all.filter((p) => toBeat === null || beats(p.as, toBeat, level)).map((p) => playKey(p.cards, p.as)),
        );
        const listed = legalPlays(hand, toBeat, level, rules).map((p) => playKey(p.cards, p.as));
        expect(new Set(listed).size).toBe(listed.length);
        expect(new Set(listed)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('GD-PLAY-1: legalPlaysOfType is exactly legalPlays restricted to that type', () => {
    fc.assert(
      fc.property(handArb(20), fc.constantFrom(...COMBO_TYPES), ({ hand, level }, type) => {
        const all = legalPlays(hand, null, level, rules).filter((p) => p.as.type === type);
        const some = legalPlaysOfType(hand, null, level, type, rules);
        expect(some.map((p) => playKey(p.cards, p.as)).sort()).toEqual(
          all.map((p) => playKey(p.cards, p.as)).sort(),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('GD-COMBO-8 / GD-VAR-004-13: bombs longer than maxBombLength are never listed', () => {
    const hand = 'S9 S9 H9 H9 C9 C9 D9 D9 H2 H2'.split(' ') as Face[];
    const longest = (max: number): number =>
      Math.max(...legalPlays(hand, null, '2', { ...rules, maxBombLength: max }).map((p) => p.as.length));
    expect(longest(10)).toBe(10);
    expect(longest(8)).toBe(8);
  });

  it('GD-CMP-7: nothing follows four jokers; four jokers follow a 10-card bomb', () => {
    const hand = 'BJ BJ RJ RJ S9 S9 H9 H9'.split(' ') as Face[];
    expect(legalPlays(hand, { type: 'fourJokers', length: 4 }, '2', rules)).toEqual([]);
    const overTen = legalPlays(hand, { type: 'bomb', rank: 'A', length: 10 }, '2', rules);
    expect(overTen.map((p) => p.as.type)).toEqual(['fourJokers']);
  });
});
