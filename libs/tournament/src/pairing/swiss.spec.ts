import { describe, expect, it } from 'vitest';
import { pairSwissRound, type SwissEntrant } from './swiss';

/** Entrants e1…eN with the given scores; pair numbers follow the list. */
function field(scores: readonly (string | number)[], extra: Partial<SwissEntrant>[] = []): SwissEntrant[] {
  return scores.map((score, i) => ({ id: `e${i + 1}`, score, ...extra[i] }));
}

function pairsOf(result: ReturnType<typeof pairSwissRound>): readonly (readonly [string, string])[] {
  if (!result.ok) throw new Error(result.error);
  return result.pairs;
}

describe('TRN-SWISS-1 pairing under 000', () => {
  it('TRN-SWISS-1: round 1 by strength folds the field (1–N, 2–(N−1), …) by default', () => {
    expect(pairsOf(pairSwissRound({ round: 1, entrants: field([0, 0, 0, 0, 0, 0]), history: [] }))).toEqual([
      ['e1', 'e6'],
      ['e2', 'e5'],
      ['e3', 'e4'],
    ]);
  });

  it('TRN-SWISS-1: round 1 may slide (1–(N/2+1)) or be drawn by lot, the same seed drawing the same', () => {
    const slide = pairSwissRound(
      { round: 1, entrants: field([0, 0, 0, 0]), history: [] },
      { firstRound: 'slide' },
    );
    expect(pairsOf(slide)).toEqual([
      ['e1', 'e3'],
      ['e2', 'e4'],
    ]);
    const input = { round: 1, entrants: field(Array.from({ length: 12 }, () => 0)), history: [] };
    const once = pairSwissRound(input, { firstRound: 'lot', seed: 'final-2026' });
    expect(pairSwissRound(input, { firstRound: 'lot', seed: 'final-2026' })).toEqual(once);
    expect(pairSwissRound(input, { firstRound: 'lot', seed: 'other seed' })).not.toEqual(once);
    expect(pairSwissRound(input, { firstRound: 'lot' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^seed/) as unknown,
    });
  });

  it('TRN-SWISS-1: from round 2, high against high by match points, then level points', () => {
    const entrants = field(
      [2, 0, 2, 2, 0, 2],
      [{ levelPoints: 20 }, {}, { levelPoints: 30 }, { levelPoints: 15 }, {}, { levelPoints: 25 }],
    );
    expect(pairsOf(pairSwissRound({ round: 2, entrants, history: [] }))).toEqual([
      ['e3', 'e6'],
      ['e1', 'e4'],
      ['e2', 'e5'],
    ]);
  });

  it('TRN-SWISS-1: match points are compared exactly, 1.5 above 1.4999 and 0.1 + 0.2 equal to 0.3', () => {
    const entrants = field(['1.4999', '1.5', '0.3', '0.1']);
    expect(pairsOf(pairSwissRound({ round: 2, entrants, history: [] }))).toEqual([
      ['e2', 'e1'],
      ['e3', 'e4'],
    ]);
  });

  it('TRN-SWISS-1: no two pairs meet twice; the top pair floats to the next opponent', () => {
    const result = pairSwissRound({
      round: 2,
      entrants: field([2, 2, 0, 0]),
      history: [
        ['e1', 'e2'],
        ['e3', 'e4'],
      ],
    });
    expect(pairsOf(result)).toEqual([
      ['e1', 'e3'],
      ['e2', 'e4'],
    ]);
  });

  it('TRN-SWISS-1: the search backtracks when the nearest opponent leaves the rest unpairable', () => {
    // e1–e2 would leave e3 and e4, who have met: the only legal pairing is e1–e3, e2–e4 or e1–e4, e2–e3.
    const result = pairSwissRound({
      round: 3,
      entrants: field([4, 3, 2, 1]),
      history: [
        ['e3', 'e4'],
        ['e1', 'e4'],
      ],
    });
    expect(pairsOf(result)).toEqual([
      ['e1', 'e3'],
      ['e2', 'e4'],
    ]);
  });

  it('TRN-SWISS-1: when every pairing is a rematch it refuses by default, naming the rule', () => {
    const input = { round: 2, entrants: field([2, 0]), history: [['e1', 'e2']] as const };
    expect(pairSwissRound(input)).toMatchObject({ ok: false, rule: 'TRN-SWISS-1' });
    const forced = pairSwissRound(input, { whenNoLegalPairing: 'allowRematch' });
    expect(forced).toMatchObject({ ok: true, pairs: [['e1', 'e2']] });
    expect(forced.ok && forced.relaxed.map((r) => [r.constraint, r.rule])).toEqual([
      ['noRematch', 'TRN-SWISS-1'],
    ]);
  });

  it('TRN-SWISS-1: bad input names the field', () => {
    expect(pairSwissRound({ round: 0, entrants: field([0, 0]), history: [] })).toMatchObject({
      error: expect.stringMatching(/^round/) as unknown,
    });
    expect(pairSwissRound({ round: 1, entrants: field([0]), history: [] })).toMatchObject({
      error: expect.stringMatching(/^entrants/) as unknown,
    });
    expect(
      pairSwissRound({
        round: 1,
        entrants: [
          { id: 'a', score: 0 },
          { id: 'a', score: 0 },
        ],
        history: [],
      }),
    ).toMatchObject({
      error: expect.stringMatching(/^entrants\[1\]\.id/) as unknown,
    });
    expect(
      pairSwissRound({
        round: 1,
        entrants: [
          { id: 'a', score: 'x' },
          { id: 'b', score: 0 },
        ],
        history: [],
      }),
    ).toMatchObject({
      error: expect.stringMatching(/^entrants\[0\]\.score/) as unknown,
    });
  });
});

describe('TRN-SWISS-7 pairing under 003', () => {
  const scores = [6, 6, 6, 6, 4, 4];

  it('TRN-SWISS-7: odd rounds pair from the top, even rounds from the bottom (standings reading)', () => {
    const odd = pairSwissRound(
      { round: 3, entrants: field([6, 6, 6, 4, 4, 4]), history: [] },
      { rules: '003' },
    );
    expect(pairsOf(odd)).toEqual([
      ['e1', 'e2'],
      ['e3', 'e4'],
      ['e5', 'e6'],
    ]);
    const even = pairSwissRound(
      { round: 2, entrants: field([6, 6, 6, 4, 4, 4]), history: [] },
      { rules: '003' },
    );
    expect(pairsOf(even)).toEqual([
      ['e6', 'e5'],
      ['e4', 'e3'],
      ['e2', 'e1'],
    ]);
  });

  it('TRN-SWISS-7: the pair-number reading takes score groups top-down, numbers small→large in odd rounds and large→small in even', () => {
    const entrants = field(scores, [
      { number: 4 },
      { number: 1 },
      { number: 3 },
      { number: 2 },
      { number: 5 },
      { number: 6 },
    ]);
    const options = { rules: '003', smallLargeMeans: 'pairNumber' } as const;
    expect(pairsOf(pairSwissRound({ round: 3, entrants, history: [] }, options))).toEqual([
      ['e2', 'e4'],
      ['e3', 'e1'],
      ['e5', 'e6'],
    ]);
    expect(pairsOf(pairSwissRound({ round: 4, entrants, history: [] }, options))).toEqual([
      ['e1', 'e3'],
      ['e4', 'e2'],
      ['e6', 'e5'],
    ]);
  });

  it('TRN-SWISS-7: pairs of one unit do not meet in the last 2 rounds, and may earlier', () => {
    const entrants = field([6, 6, 4, 4], [{ unit: 'A' }, { unit: 'A' }, { unit: 'B' }, { unit: 'C' }]);
    const early = pairSwissRound({ round: 4, entrants, history: [] }, { rules: '003', totalRounds: 6 });
    expect(pairsOf(early)).toEqual([
      ['e4', 'e3'],
      ['e2', 'e1'],
    ]);
    const late = pairSwissRound({ round: 5, entrants, history: [] }, { rules: '003', totalRounds: 6 });
    expect(pairsOf(late)).toEqual([
      ['e1', 'e3'],
      ['e2', 'e4'],
    ]);
  });

  it('TRN-SWISS-7: when only a same-unit meeting avoids a rematch, it relaxes the unit rule and says why', () => {
    const entrants = field([6, 6, 4, 4], [{ unit: 'A' }, { unit: 'A' }, { unit: 'B' }, { unit: 'B' }]);
    const history = [
      ['e1', 'e3'],
      ['e2', 'e4'],
      ['e1', 'e4'],
      ['e2', 'e3'],
    ] as const;
    const result = pairSwissRound({ round: 6, entrants, history }, { rules: '003', totalRounds: 6 });
    expect(result).toMatchObject({
      ok: true,
      pairs: [
        ['e4', 'e3'],
        ['e2', 'e1'],
      ],
    });
    expect(result.ok && result.relaxed).toEqual([
      {
        constraint: 'sameUnit',
        rule: 'TRN-SWISS-7',
        reason: expect.stringContaining('keeps pairs of one unit apart') as unknown,
      },
    ]);
  });

  it('TRN-SWISS-7: avoidSameUnit finds the one valid pairing that keeps units apart even far down the order', () => {
    // Nearest-first would pair e1–e2 (both A); the only unit-free pairing is e1–e4, e2–e3 … e.g.
    const entrants = field(
      [8, 8, 8, 8, 8, 8],
      [{ unit: 'A' }, { unit: 'A' }, { unit: 'A' }, { unit: 'B' }, { unit: 'B' }, { unit: 'B' }],
    );
    const result = pairSwissRound({ round: 3, entrants, history: [] }, { avoidSameUnit: true });
    const units = new Map(entrants.map((e) => [e.id, e.unit]));
    expect(result.ok && result.relaxed).toEqual([]);
    for (const [a, b] of pairsOf(result)) expect(units.get(a)).not.toBe(units.get(b));
  });
});

describe('TRN-SWISS-8 byes', () => {
  it('TRN-SWISS-8: an odd field gives the bye to the lowest-placed pair that has not had one', () => {
    const entrants = field([4, 2, 2, 0, 0], [{}, {}, {}, {}, { byes: 1 }]);
    const result = pairSwissRound({ round: 3, entrants, history: [] });
    expect(result).toMatchObject({
      ok: true,
      bye: 'e4',
      pairs: [
        ['e1', 'e2'],
        ['e3', 'e5'],
      ],
      relaxed: [],
    });
  });

  it('TRN-SWISS-8: with the bye option "lowest", a second bye is taken freely', () => {
    const entrants = field([4, 2, 2, 0, 0], [{}, {}, {}, {}, { byes: 1 }]);
    expect(pairSwissRound({ round: 3, entrants, history: [] }, { bye: 'lowest' })).toMatchObject({
      bye: 'e5',
    });
  });

  it('TRN-SWISS-8: a second bye is given only when nothing else pairs, and the relaxation says so', () => {
    const entrants = field([2, 1, 0], [{ byes: 1 }, { byes: 1 }, {}]);
    expect(pairSwissRound({ round: 3, entrants, history: [] })).toMatchObject({
      ok: true,
      bye: 'e3',
      pairs: [['e1', 'e2']],
      relaxed: [],
    });
    // e1 and e2 have met, so the bye to e3 leaves a rematch: a second bye (to e2, the lowest) is the way out.
    const stuck = pairSwissRound({ round: 3, entrants, history: [['e1', 'e2']] });
    expect(stuck).toMatchObject({ ok: true, bye: 'e2', pairs: [['e1', 'e3']] });
    expect(stuck.ok && stuck.relaxed.map((r) => r.rule)).toEqual(['TRN-SWISS-8']);
  });
});
