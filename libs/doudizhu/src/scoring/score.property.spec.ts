import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defenderFactors, scoreBoard, type DdzScoreInput } from './score';

/** Runs per property; DDZ_PROPERTY_RUNS raises it for a long soak. */
const RUNS = Number(process.env.DDZ_PROPERTY_RUNS ?? 2000);

const inputArb: fc.Arbitrary<DdzScoreInput> = fc.record({
  bid: fc.integer({ min: 1, max: 3 }),
  doubled: fc.tuple(fc.boolean(), fc.boolean()),
  redoubled: fc.boolean(),
  bombs: fc.integer({ min: 0, max: 13 }),
  rockets: fc.integer({ min: 0, max: 1 }),
  spring: fc.boolean(),
  antiSpring: fc.boolean(),
  winner: fc.constantFrom('landlord' as const, 'defenders' as const),
});

describe('board scoring properties', () => {
  it('DDZ-SCORE-2 property: the three scores of any board sum to 0', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { defenders, landlord } = scoreBoard(input);
        expect(defenders[0] + defenders[1] + landlord).toBe(0);
      }),
      { numRuns: RUNS, seed: 23 },
    );
  });

  it('DDZ-SCORE-4 property: one more bomb doubles each defender’s score', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const more = scoreBoard({ ...input, bombs: input.bombs + 1 });
        const now = scoreBoard(input);
        expect(more.defenders).toEqual([now.defenders[0] * 2, now.defenders[1] * 2]);
        expect(defenderFactors({ ...input, bombs: input.bombs + 1 }, 0).n).toBe(
          defenderFactors(input, 0).n + 1,
        );
      }),
      { numRuns: RUNS, seed: 23 },
    );
  });
});
