import { describe, expect, it } from 'vitest';
import { defenderFactors, scoreBoard, type DdzScoreInput } from './score';

const base: DdzScoreInput = {
  bid: 1,
  doubled: [false, false],
  redoubled: false,
  bombs: 0,
  rockets: 0,
  spring: false,
  antiSpring: false,
  winner: 'landlord',
};

describe('board scoring, the source example and derived tests', () => {
  it('DDZ-T1: bid 3, defender 1 doubled and was redoubled, a rocket, a bomb, anti-spring', () => {
    const input: DdzScoreInput = {
      bid: 3,
      doubled: [true, false],
      redoubled: true,
      bombs: 1,
      rockets: 1,
      spring: false,
      antiSpring: true,
      winner: 'defenders',
    };
    expect(defenderFactors(input, 0)).toEqual({ bid: 3, w: 1, n: 5 });
    expect(defenderFactors(input, 1)).toEqual({ bid: 3, w: 1, n: 3 });
    expect(scoreBoard(input)).toEqual({ defenders: [96, 24], landlord: -120 });
  });

  it('DDZ-T2: bid 1, nothing doubled, the landlord wins', () => {
    expect(scoreBoard(base)).toEqual({ defenders: [-1, -1], landlord: 2 });
  });

  it('DDZ-T3: bid 2 and a spring', () => {
    expect(scoreBoard({ ...base, bid: 2, spring: true })).toEqual({ defenders: [-4, -4], landlord: 8 });
  });

  it('DDZ-T4: bid 3, both doubled, redoubled, the defenders win', () => {
    const input: DdzScoreInput = {
      ...base,
      bid: 3,
      doubled: [true, true],
      redoubled: true,
      winner: 'defenders',
    };
    expect(scoreBoard(input)).toEqual({ defenders: [12, 12], landlord: -24 });
  });

  it('DDZ-T5: bid 2, defender 1 doubled without a redouble, two bombs, the landlord wins', () => {
    const input: DdzScoreInput = { ...base, bid: 2, doubled: [true, false], bombs: 2 };
    expect(defenderFactors(input, 0).n).toBe(3);
    expect(defenderFactors(input, 1).n).toBe(2);
    expect(scoreBoard(input)).toEqual({ defenders: [-16, -8], landlord: 24 });
  });

  it('DDZ-SCORE-1: each defender is scored on his own doubles', () => {
    const score = scoreBoard({ ...base, bid: 2, doubled: [false, true], winner: 'defenders' });
    expect(score.defenders).toEqual([2, 4]);
  });

  it('DDZ-SCORE-2: the landlord scores the negative of the defenders’ sum, so a board sums to 0', () => {
    for (const bid of [1, 2, 3])
      for (const d1 of [false, true])
        for (const d2 of [false, true])
          for (const redoubled of [false, true])
            for (const winner of ['landlord', 'defenders'] as const)
              for (const bombs of [0, 1, 4]) {
                const score = scoreBoard({ ...base, bid, doubled: [d1, d2], redoubled, bombs, winner });
                expect(score.landlord).toBe(-(score.defenders[0] + score.defenders[1]));
                expect(score.defenders[0] + score.defenders[1] + score.landlord).toBe(0);
              }
  });

  it('DDZ-SCORE-3: W is +1 when the defenders win and -1 when the landlord wins', () => {
    expect(defenderFactors({ ...base, winner: 'defenders' }, 0).w).toBe(1);
    expect(defenderFactors({ ...base, winner: 'landlord' }, 1).w).toBe(-1);
    expect(scoreBoard({ ...base, bid: 3, winner: 'defenders' })).toEqual({ defenders: [3, 3], landlord: -6 });
  });

  it('DDZ-SCORE-4: every rocket, bomb, spring and anti-spring doubles both defenders', () => {
    expect(scoreBoard({ ...base, rockets: 1, bombs: 3 }).defenders).toEqual([-16, -16]);
    expect(scoreBoard({ ...base, antiSpring: true, winner: 'defenders' }).defenders).toEqual([2, 2]);
    expect(
      defenderFactors({ ...base, rockets: 1, bombs: 2, spring: true, doubled: [true, false] }, 0).n,
    ).toBe(5);
  });

  it('DDZ-DBL-3: a redouble counts only against a defender who doubled', () => {
    expect(scoreBoard({ ...base, redoubled: true })).toEqual({ defenders: [-1, -1], landlord: 2 });
    expect(scoreBoard({ ...base, doubled: [false, true], redoubled: true }).defenders).toEqual([-1, -4]);
  });
});
