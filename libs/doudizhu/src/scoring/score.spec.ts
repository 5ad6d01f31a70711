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

  it('DDZ-SCORE-1/2/3/4 and DDZ-DBL-3: the redouble counts only for a doubling defender; the three scores sum to 0', () => {
    const undoubledRedouble = scoreBoard({ ...base, redoubled: true });
    expect(undoubledRedouble).toEqual({ defenders: [-1, -1], landlord: 2 });
    for (const bid of [1, 2, 3])
      for (const d1 of [false, true])
        for (const d2 of [false, true])
          for (const redoubled of [false, true])
            for (const winner of ['landlord', 'defenders'] as const)
              for (const bombs of [0, 1, 4]) {
                const score = scoreBoard({ ...base, bid, doubled: [d1, d2], redoubled, bombs, winner });
                expect(score.defenders[0] + score.defenders[1] + score.landlord).toBe(0);
                expect(Math.sign(score.landlord)).toBe(winner === 'landlord' ? 1 : -1);
              }
  });
});
