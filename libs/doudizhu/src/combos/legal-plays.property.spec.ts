import { singleDeck, type Face } from '@tablecast/cards';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANK_COUNT, rankOfFace } from '../cards/rank-of';
import { classify } from './classify';
import { beats } from './compare';
import { ddzLegalPlays } from './legal-plays';
import { ddzReadingKey, type DdzReading } from './reading';

/**
 * The property budget: runs per property. The default keeps the file to a few seconds on a loaded
 * 2-core machine; DDZ_PROPERTY_RUNS raises it for a long soak.
 */
const RUNS = Number(process.env.DDZ_PROPERTY_RUNS ?? 300);
const SEED = 20_231_123;
/** Seconds on a quiet machine; the margin is for a loaded shared one. */
const PROPERTY_TIMEOUT = 120_000;

const DECK = singleDeck();
const handArb = (min: number, max: number): fc.Arbitrary<Face[]> =>
  fc.shuffledSubarray(DECK, { minLength: min, maxLength: max });

/** A play as the rules see it: its ranks (suits ignored) and its reading. */
const playKey = (cards: readonly Face[], as: DdzReading): string =>
  `${cards
    .map(rankOfFace)
    .sort((a, b) => a - b)
    .join(',')}|${ddzReadingKey(as)}`;

const readsAs = (cards: readonly Face[], as: DdzReading): boolean =>
  classify(cards).some((reading) => ddzReadingKey(reading) === ddzReadingKey(as));

/** Every (rank multiset, reading) a hand can play: classify over all of its sub-multisets of ranks. */
function bruteForce(hand: readonly Face[], toBeat: DdzReading | null): Set<string> {
  const byRank: Face[][] = Array.from({ length: RANK_COUNT }, () => []);
  for (const face of hand) byRank[rankOfFace(face)]?.push(face);
  const out = new Set<string>();
  const take = new Array<number>(RANK_COUNT).fill(0);
  const walk = (rank: number): void => {
    if (rank === RANK_COUNT) {
      const cards = byRank.flatMap((faces, r) => faces.slice(0, take[r] ?? 0));
      if (cards.length === 0) return;
      for (const reading of classify(cards))
        if (toBeat === null || beats(reading, toBeat)) out.add(playKey(cards, reading));
      return;
    }
    for (let m = 0; m <= (byRank[rank]?.length ?? 0); m += 1) {
      take[rank] = m;
      walk(rank + 1);
    }
    take[rank] = 0;
  };
  walk(0);
  return out;
}

/** A realistic reading to beat: some play another hand could lead. */
const toBeatArb: fc.Arbitrary<DdzReading> = fc.tuple(handArb(1, 12), fc.nat()).map(([hand, pick]) => {
  const plays = ddzLegalPlays(hand, null);
  return plays[pick % plays.length]?.as ?? { type: 'single', rank: '3', length: 1 };
});

describe('legalPlays properties', () => {
  it(
    'DDZ-PLAY-2 property: every listed lead is in the hand, reads as listed, and is listed once',
    () => {
      fc.assert(
        fc.property(handArb(1, 20), (hand) => {
          const held = new Set(hand);
          const seen = new Set<string>();
          // Plain checks inside the loop (a 20-card hand may list thousands of plays), one expect after.
          const wrong: string[] = [];
          for (const play of ddzLegalPlays(hand, null)) {
            const key = playKey(play.cards, play.as);
            if (!play.cards.every((face) => held.has(face))) wrong.push(`not held: ${key}`);
            if (new Set(play.cards).size !== play.cards.length) wrong.push(`card twice: ${key}`);
            if (!readsAs(play.cards, play.as)) wrong.push(`misread: ${key}`);
            if (seen.has(key)) wrong.push(`listed twice: ${key}`);
            seen.add(key);
          }
          expect(wrong).toEqual([]);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'DDZ-CMP-6 property: every listed follow reads as listed and beats what it follows',
    () => {
      fc.assert(
        fc.property(handArb(1, 20), toBeatArb, (hand, toBeat) => {
          const wrong = ddzLegalPlays(hand, toBeat).filter(
            (play) => !readsAs(play.cards, play.as) || !beats(play.as, toBeat),
          );
          expect(wrong).toEqual([]);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'DDZ-COMBO-12 property: on small hands legalPlays lists exactly what brute force over classify finds',
    () => {
      fc.assert(
        fc.property(handArb(1, 11), fc.option(toBeatArb, { nil: null }), (hand, toBeat) => {
          const listed = ddzLegalPlays(hand, toBeat).map((p) => playKey(p.cards, p.as));
          expect(listed.length).toBe(new Set(listed).size);
          expect(new Set(listed)).toEqual(bruteForce(hand, toBeat));
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'DDZ-COMBO-10 property: brute force agrees on hands rich in triples, where airplanes and wings appear',
    () => {
      // A run of two to five consecutive triples (some of them fours) plus stray cards: chains, wings
      // next to the chain, fours and kickers all occur.
      const richArb = fc
        .tuple(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 2, max: 5 }), fc.boolean(), handArb(0, 4))
        .map(([low, length, withFours, extra]) => {
          const run = DECK.filter((face) => {
            const rank = rankOfFace(face);
            return rank >= low && rank < Math.min(low + length, 12) && (withFours || !face.startsWith('D'));
          });
          return [...new Set([...run, ...extra])].slice(0, 18);
        });
      fc.assert(
        fc.property(richArb, (hand) => {
          const listed = ddzLegalPlays(hand, null).map((p) => playKey(p.cards, p.as));
          expect(new Set(listed)).toEqual(bruteForce(hand, null));
          expect(listed.length).toBe(new Set(listed).size);
        }),
        { numRuns: Math.ceil(RUNS / 3), seed: SEED },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'DDZ-CMP-1 property: beats is irreflexive and antisymmetric over readings that occur',
    () => {
      fc.assert(
        fc.property(toBeatArb, toBeatArb, (a, b) => {
          expect(beats(a, a)).toBe(false);
          expect(beats(a, b) && beats(b, a)).toBe(false);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
