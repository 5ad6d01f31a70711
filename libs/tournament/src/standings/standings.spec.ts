import { describe, expect, it } from 'vitest';
import { byeResult, forfeitResult, playedResult } from '../scoring/record';
import type { ScoredResult } from '../scoring/result';
import { computeStandings } from './standings';

const bye = (round: number, entrant: string): ScoredResult => {
  const result = byeResult('cesa2023', { id: `r${String(round)}-bye`, round }, entrant);
  if ('ok' in result) throw new Error(result.message);
  return result;
};

describe('standings', () => {
  it('TRN-SWISS-8: a bye and an opponent forfeit land in the 003 standings as 1.5/17 and 2/17', () => {
    const results = [
      playedResult(
        'cesa2023',
        { id: 'r1-t1', round: 1 },
        { entrant: 'A', level: 'A' },
        { entrant: 'B', level: '9' },
      ),
      bye(1, 'C'),
      forfeitResult('cesa2023', { id: 'r2-t1', round: 2 }, 'C', 'A'),
      bye(2, 'B'),
    ];
    const rows = computeStandings({ ruleset: 'cesa2023', entrants: ['A', 'B', 'C'], results });
    expect(rows.map((r) => [r.entrant, r.rank, r.matchPoints, r.levelPoints, r.played])).toEqual([
      ['C', 1, '3.5', 34, 2],
      ['B', 2, '1.8', 25, 2],
      ['A', 3, '1.7', 18, 2],
    ]);
  });

  it('TRN-SWISS-9: a correction (a higher revision of the same match) replaces the result, whichever arrives first', () => {
    const first = playedResult(
      'cesa2023',
      { id: 'm1', round: 1 },
      { entrant: 'A', level: '5' },
      { entrant: 'B', level: '3' },
    );
    const fixed = playedResult(
      'cesa2023',
      { id: 'm1', round: 1, revision: 1 },
      { entrant: 'A', level: '3' },
      { entrant: 'B', level: '5' },
    );
    const a = computeStandings({ ruleset: 'cesa2023', entrants: ['A', 'B'], results: [first, fixed] });
    const b = computeStandings({ ruleset: 'cesa2023', entrants: ['A', 'B'], results: [fixed, first] });
    expect(a).toEqual(b);
    expect(a.map((r) => [r.entrant, r.matchPoints])).toEqual([
      ['B', '1.5'],
      ['A', '0.5'],
    ]);
    expect(() =>
      computeStandings({
        ruleset: 'cesa2023',
        entrants: ['A', 'B'],
        results: [first, { ...fixed, revision: 0 }],
      }),
    ).toThrow(/^results: two different results for m1 at revision 0/);
  });

  it('TRN-WD-2: a Swiss withdrawal keeps the pair ranked, and its withdrawal round is a forfeit to the opponent', () => {
    const results = [
      playedResult(
        'cga2017',
        { id: 'r1', round: 1 },
        { entrant: 'W', level: '8' },
        { entrant: 'X', level: '5' },
      ),
    ];
    const rows = computeStandings({
      ruleset: 'cga2017',
      entrants: ['W', 'X'],
      results,
      withdrawals: [{ entrant: 'W', round: 2 }],
      withdrawalContext: { format: 'swiss', schedule: [{ id: 'r2', round: 2, a: 'X', b: 'W' }] },
    });
    // W beat X 16:10 (2 match points); X takes round 2 by W's withdrawal, 2 and 18.
    expect(rows.map((r) => [r.entrant, r.rank, r.matchPoints, r.levelPoints, r.withdrewInRound])).toEqual([
      ['X', 1, '2', 28, undefined],
      ['W', 2, '2', 16, 2],
    ]);
  });

  it('bad input names the field', () => {
    const result = playedResult(
      'cga2017',
      { id: 'm', round: 1 },
      { entrant: 'A', level: '5' },
      { entrant: 'Z', level: '3' },
    );
    expect(() => computeStandings({ ruleset: 'cga2017', entrants: ['A'], results: [result] })).toThrow(
      /^results: m names Z/,
    );
    expect(() => computeStandings({ ruleset: 'cga2017', entrants: ['A', 'A'], results: [] })).toThrow(
      /^entrants: /,
    );
  });
});
