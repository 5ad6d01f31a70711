import { describe, expect, it } from 'vitest';
import { DEFAULT_BIGTWO_RULES } from '../combos/rules';
import { cardPoints, playerFactor, scoreBoard, type B2PlayerResult } from './score';

const R = DEFAULT_BIGTWO_RULES;
const player = (left: number, showed = false, doubled = false): B2PlayerResult => ({ left, showed, doubled });

describe('Big Two scoring', () => {
  it('B2-SCORE-1, DEC-B2-2: card points n for 0–7, 2n for 8–9, 3n for 10–12, 4n for 13', () => {
    expect(Array.from({ length: 14 }, (_, n) => cardPoints(n, R))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 16, 18, 30, 33, 36, 52,
    ]);
  });

  it('B2-SCORE-1: cards left outside 0…13 are refused, naming the field', () => {
    expect(() => cardPoints(14, R)).toThrow(/left: .*0…13, got 14/);
    expect(() => cardPoints(-1, R)).toThrow(/left/);
    expect(() => cardPoints(2.5, R)).toThrow(/left/);
    expect(() => scoreBoard({ players: [player(0), player(1), player(2), player(20)] }, R)).toThrow(
      /players\.3\.left/,
    );
    expect(() => scoreBoard({ players: [player(0), player(1), player(2)] }, R)).toThrow(
      /players: .*4 players/,
    );
  });

  it('B2-DBL-2: showing is a factor 3 and doubling a factor 2, both together 6', () => {
    expect(playerFactor(player(0), R)).toBe(1);
    expect(playerFactor(player(0, true), R)).toBe(3);
    expect(playerFactor(player(0, false, true), R)).toBe(2);
    expect(playerFactor(player(0, true, true), R)).toBe(6);
  });

  it('B2-T1 (B2-SCORE-2, the source example): A doubles 5 left, B 8, C out, D doubles 12 → 136, 2, 98, −236', () => {
    const score = scoreBoard(
      { players: [player(5, false, true), player(8), player(0), player(12, false, true)] },
      R,
    );
    expect(score).toEqual({ cardPoints: [5, 16, 0, 36], scores: [136, 2, 98, -236] });
  });

  it('B2-T2 (DEC-B2-2, n = 10 → 30): 0, 8, 10, 13 left, nobody shows or doubles → 98, 34, −22, −110', () => {
    const score = scoreBoard({ players: [player(0), player(8), player(10), player(13)] }, R);
    expect(score).toEqual({ cardPoints: [0, 16, 30, 52], scores: [98, 34, -22, -110] });
  });

  it('B2-T3: A shows with 3 left, B doubles and is out, C 9, D 13 → 174, 158, −47, −285', () => {
    const score = scoreBoard(
      { players: [player(3, true), player(0, false, true), player(9), player(13)] },
      R,
    );
    expect(score).toEqual({ cardPoints: [3, 0, 18, 52], scores: [174, 158, -47, -285] });
  });

  it('B2-SCORE-2: each pairwise term uses only the two players’ own factors', () => {
    // Only A and B play a part: C and D have the same points as each other, and their factors
    // must not touch the A–B term.
    const base = scoreBoard({ players: [player(2), player(6), player(5), player(5)] }, R);
    const shownElsewhere = scoreBoard(
      { players: [player(2), player(6), player(5, true, true), player(5)] },
      R,
    );
    const termAB = (6 - 2) * 1 * 1;
    expect(base.scores[0]).toBe(termAB + (5 - 2) + (5 - 2));
    expect(shownElsewhere.scores[0]).toBe(termAB + (5 - 2) * 6 + (5 - 2));
  });

  it('B2-SCORE-3: the four scores of a table sum to 0 for every cards-left and factor combination', () => {
    const choices = [player(0), player(13, true), player(8, false, true), player(10, true, true), player(7)];
    for (const a of choices)
      for (const b of choices)
        for (const c of choices)
          for (const d of choices) {
            const { scores } = scoreBoard({ players: [a, b, c, d] }, R);
            expect(scores.reduce((sum, s) => sum + s, 0)).toBe(0);
            expect(scores.some((s) => Object.is(s, -0))).toBe(false);
          }
  });
});
