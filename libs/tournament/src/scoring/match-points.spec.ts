import { describe, expect, it } from 'vitest';
import { byeScore, forfeitScore, withdrawalForfeitScore } from './forfeits';
import { scoreGame } from './match-points';
import { byeResult, forfeitResult, playedResult } from './record';
import { tenthsToString } from './tenths';

describe('TRN-SCORE-2 and TRN-SCORE-4: match points, forfeits and byes', () => {
  it('TRN-SCORE-2: a game won is 2:0, equal levels 1:1, level points from the 26-point table', () => {
    expect(scoreGame('cga2017', 'K', '9')).toEqual([
      { matchTenths: 20, levelPoints: 17, levelDifference: 4 },
      { matchTenths: 0, levelPoints: 9, levelDifference: -4 },
    ]);
    expect(scoreGame('cga2017', '7', '7').map((s) => s.matchTenths)).toEqual([10, 10]);
    expect(scoreGame('cga2017', '2', 'A+').map((s) => s.levelPoints)).toEqual([0, 26]);
    expect(() => scoreGame('cga2017', 'Z' as never, '2')).toThrow(/levelA: unknown level "Z"/);
    expect(() => scoreGame('cga2017', 14, '2')).toThrow(/TRN-SCORE-1/);
  });

  it('TRN-SCORE-4: a 000 forfeit is 2:0 and 18:0, or the actual points when the difference already exceeds 18', () => {
    expect(forfeitScore('cga2017')).toMatchObject({ matchTenths: [20, 0], levelPoints: [18, 0] });
    expect(forfeitScore('cga2017', [22, 4])).toMatchObject({ levelPoints: [18, 0] });
    expect(forfeitScore('cga2017', [23, 3])).toMatchObject({ levelPoints: [23, 3] });
  });

  it('TRN-SCORE-4 and TRN-WD-2: a withdrawal round gives the opponent 2 match points and 18 level points', () => {
    expect(withdrawalForfeitScore()).toEqual({
      rule: 'TRN-WD-2',
      matchTenths: [20, 0],
      levelPoints: [18, 0],
    });
  });

  it('TRN-SWISS-8: under 003 a bye is 1.5:0 and 17:0, an opponent forfeit 2:0 and 17:0', () => {
    expect(byeScore('cesa2023')).toMatchObject({ matchTenths: [15, 0], levelPoints: [17, 0] });
    expect(forfeitScore('cesa2023')).toMatchObject({ matchTenths: [20, 0], levelPoints: [17, 0] });
    const bye = byeResult('cesa2023', { id: 'r2-bye', round: 2 }, 'P7');
    expect(bye).toMatchObject({
      kind: 'bye',
      a: { entrant: 'P7', matchTenths: 15, levelPoints: 17 },
      b: null,
    });
    const late = forfeitResult('cesa2023', { id: 'r1-t3', round: 1 }, 'P1', 'P2');
    expect(late).toMatchObject({
      kind: 'forfeit',
      forfeitedBy: 'P2',
      a: { entrant: 'P1', matchTenths: 20, levelPoints: 17 },
      b: { entrant: 'P2', matchTenths: 0, levelPoints: 0 },
    });
  });

  it('TRN-SCORE-4: 000 gives no bye score, so a bye is refused unless the regulations set one', () => {
    expect(byeScore('cga2017')).toEqual({
      ok: false,
      rule: 'TRN-SCORE-4',
      message: expect.stringMatching(/byeScore/) as string,
    });
    expect(
      byeResult('cga2017', { id: 'b', round: 1 }, 'P1', { matchTenths: 20, levelPoints: 13 }),
    ).toMatchObject({
      a: { matchTenths: 20, levelPoints: 13 },
    });
  });

  it('bad input names the field', () => {
    expect(() =>
      playedResult(
        'cga2017',
        { id: 'x', round: 0 },
        { entrant: 'A', level: '2' },
        { entrant: 'B', level: '3' },
      ),
    ).toThrow(/^round: /);
    expect(() =>
      playedResult(
        'cga2017',
        { id: 'x', round: 1 },
        { entrant: 'A', level: '2' },
        { entrant: 'A', level: '3' },
      ),
    ).toThrow(/^b.entrant: /);
    expect(() => scoreGame('cesa2023', -1, 0)).toThrow(/^levelA: /);
  });

  it('match points print exactly from tenths', () => {
    expect([0, 5, 15, 20, 95, -5].map(tenthsToString)).toEqual(['0', '0.5', '1.5', '2', '9.5', '-0.5']);
  });
});
