import type { Face } from '@tablecast/cards';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bigTwoDeck, compareBigTwoFaces } from '../cards/card-value';
import { classify } from './classify';
import { beats } from './compare';
import { hasLegalPlay, legalPlays } from './legal-plays';
import { b2ReadingKey, type B2Reading } from './reading';
import { DEFAULT_BIGTWO_RULES, type BigTwoRules } from './rules';

/**
 * The property budget: hands per property. The default keeps the file to a few seconds on a loaded
 * 2-core machine; B2_PROPERTY_HANDS raises it for a long soak.
 */
const HANDS = Number(process.env.B2_PROPERTY_HANDS ?? 300);
const SEED = 20_261_128;
const PROPERTY_TIMEOUT = 120_000;

const DECK = bigTwoDeck();
const RULESETS: readonly BigTwoRules[] = [
  DEFAULT_BIGTWO_RULES,
  { ...DEFAULT_BIGTWO_RULES, straightKey: 'b' },
];
const handArb = (min: number, max: number): fc.Arbitrary<Face[]> =>
  fc.shuffledSubarray<Face>(DECK, { minLength: min, maxLength: max });

const setKey = (faces: readonly Face[]): string => [...faces].sort(compareBigTwoFaces).join(' ');

/** Every play of the hand by brute force: classify every 1-, 2-, 3- and 5-card subset, keep what beats. */
function bruteForce(
  hand: readonly Face[],
  toBeat: B2Reading | null,
  rules: BigTwoRules,
): Map<string, string> {
  const out = new Map<string, string>();
  const chosen: Face[] = [];
  const walk = (from: number, size: number): void => {
    if (chosen.length === size) {
      const reading = classify(chosen, rules);
      if (reading !== null && (toBeat === null || beats(reading, toBeat, rules)))
        out.set(setKey(chosen), b2ReadingKey(reading));
      return;
    }
    for (const [i, face] of hand.entries()) {
      if (i < from) continue;
      chosen.push(face);
      walk(i + 1, size);
      chosen.pop();
    }
  };
  for (const size of [1, 2, 3, 5]) walk(0, size);
  return out;
}

/** A realistic reading to beat: some play another hand could lead. */
const toBeatArb = (rules: BigTwoRules): fc.Arbitrary<B2Reading | null> =>
  fc.option(
    fc.tuple(handArb(5, 13), fc.nat()).map(([hand, pick]) => {
      const plays = legalPlays(hand, null, rules);
      return plays[pick % plays.length]?.reading ?? null;
    }),
    { freq: 4 },
  );

describe('legalPlays against classify and beats (property)', () => {
  it.each(RULESETS.map((rules) => [rules.straightKey, rules] as const))(
    'B2-COMBO-1…8, B2-CMP-1…5 under straightKey %s: legalPlays lists exactly the subsets classify reads and beats lets follow, each set once',
    (_key, rules) => {
      fc.assert(
        fc.property(handArb(0, 13), toBeatArb(rules), fc.nat(), (hand, otherToBeat, own) => {
          // Every third hand follows one of its own plays, so equal key cards (B2-CMP-5) come up.
          const ownLeads = own % 3 === 0 ? legalPlays(hand, null, rules) : [];
          const toBeat = ownLeads[own % Math.max(1, ownLeads.length)]?.reading ?? otherToBeat;
          const plays = legalPlays(hand, toBeat, rules);
          const listed = new Map<string, string>();
          for (const play of plays) {
            const key = setKey(play.faces);
            expect(listed.has(key), `${key} listed twice`).toBe(false);
            listed.set(key, b2ReadingKey(play.reading));
            expect(play.faces.every((face) => hand.includes(face))).toBe(true);
          }
          expect(listed).toEqual(bruteForce(hand, toBeat, rules));
        }),
        { numRuns: HANDS, seed: SEED },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'hands rich in five-card plays (one or two suits) agree with the brute force too',
    () => {
      const suitedHand = fc
        .tuple(fc.constantFrom('S', 'H', 'C', 'D'), fc.constantFrom('S', 'H', 'C', 'D'))
        .chain(([one, two]) =>
          fc.shuffledSubarray(
            DECK.filter((face) => face.startsWith(one) || face.startsWith(two)),
            { minLength: 5, maxLength: 13 },
          ),
        );
      fc.assert(
        fc.property(suitedHand, toBeatArb(DEFAULT_BIGTWO_RULES), (hand, toBeat) => {
          const plays = legalPlays(hand, toBeat, DEFAULT_BIGTWO_RULES);
          expect(new Map(plays.map((p) => [setKey(p.faces), b2ReadingKey(p.reading)]))).toEqual(
            bruteForce(hand, toBeat, DEFAULT_BIGTWO_RULES),
          );
          expect(new Set(plays.map((p) => setKey(p.faces))).size).toBe(plays.length);
        }),
        { numRuns: Math.max(1, Math.floor(HANDS / 3)), seed: SEED + 1 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it.each(RULESETS.map((rules) => [rules.straightKey, rules] as const))(
    'B2-PLAY-3 under straightKey %s: hasLegalPlay, stopping at the first play, answers as the full list does, and leaves the generator as it found it',
    (_key, rules) => {
      fc.assert(
        fc.property(handArb(0, 13), toBeatArb(rules), fc.nat(), (hand, otherToBeat, own) => {
          const ownLeads = own % 3 === 0 ? legalPlays(hand, null, rules) : [];
          const toBeat = ownLeads[own % Math.max(1, ownLeads.length)]?.reading ?? otherToBeat;
          const full = legalPlays(hand, toBeat, rules);
          expect(hasLegalPlay(hand, toBeat, rules)).toBe(full.length > 0);
          // The next full listing is whole: the early stop is not left switched on.
          expect(legalPlays(hand, toBeat, rules)).toEqual(full);
        }),
        { numRuns: HANDS * 3, seed: SEED + 2 },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
