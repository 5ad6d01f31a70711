import { describe, expect, it } from 'vitest';
import { playedResult } from '../scoring/record';
import { computeStandings } from '../standings/standings';
import { rankByChain } from './chain';
import { tb1Chain } from './guandan-000';
import { byId, record } from './testing';

const game = (id: string, round: number, a: string, la: string, b: string, lb: string) =>
  playedResult('cga2017', { id, round }, { entrant: a, level: la as '2' }, { entrant: b, level: lb as '2' });

const ranks = (records: ReturnType<typeof record>[], drawnOrder?: string[]) =>
  rankByChain(records, tb1Chain(byId(records)), drawnOrder ? { drawnOrder } : {}).map((r) => [
    r.entry.entrant,
    r.rank,
  ]);

describe('TRN-TB-1: the 000 chain, step by step', () => {
  it('TRN-TB-1 step 1: more match points rank first', () => {
    const rows = [record('P', [['x', 0, 20, 26]]), record('Q', [['y', 20, 0, 14]])];
    expect(ranks(rows)).toEqual([
      ['Q', 1],
      ['P', 2],
    ]);
  });

  it('TRN-TB-1 step 2: equal match points, more level points first', () => {
    const rows = [record('P', [['x', 20, 0, 14]]), record('Q', [['y', 20, 0, 20]])];
    expect(ranks(rows)).toEqual([
      ['Q', 1],
      ['P', 2],
    ]);
  });

  it('TRN-TB-1 step 3: level points in the games among the tied pairs, counted among exactly that group', () => {
    // X beat Y 15:11 and lost to Z 11:15; Y lost to X and beat W 15:11: both 2 MP, 26 LP.
    const results = [
      game('r1a', 1, 'X', '5', 'Y', '3'),
      game('r1b', 1, 'Z', '4', 'W', '2'),
      game('r2a', 2, 'Z', '4', 'X', '2'),
      game('r2b', 2, 'Y', '4', 'W', '2'),
    ];
    const rows = computeStandings({ ruleset: 'cga2017', entrants: ['W', 'X', 'Y', 'Z'], results });
    expect(rows.map((r) => [r.entrant, r.rank, r.matchPoints, r.levelPoints])).toEqual([
      ['Z', 1, '4', 30],
      ['X', 2, '2', 26],
      ['Y', 3, '2', 26],
      ['W', 4, '0', 22],
    ]);
    const x = rows[1]?.tiebreaks[2];
    expect(x).toEqual({
      rule: 'TRN-TB-1',
      step: 3,
      key: 'levelPointsAmongTied',
      better: 'higher',
      method: 'level points in the games among the tied pairs (双方或多方之间比赛级分)',
      value: { kind: 'number', value: '15' },
      contributions: [{ round: 1, opponent: 'Y', value: '15' }],
      // X and Y, 2nd and 3rd: the run of two from the 2nd place.
      among: { from: 2, count: 2 },
    });
    expect(rows[2]?.tiebreaks[2]?.value).toEqual({ kind: 'number', value: '11' });
  });

  it("TRN-TB-1 step 4: opponents' points, the sum of each opponent's total level points", () => {
    // A, C and F each beat one pair 15:11 and never met; A's opponent B went on to 31 level
    // points, C's and F's opponent D has 22: C and F stay equal to the end and share 3rd.
    const results = [
      game('r1a', 1, 'A', '5', 'B', '3'),
      game('r1b', 1, 'C', '5', 'D', '3'),
      game('r2a', 2, 'B', '9', 'E', '2'),
      game('r2b', 2, 'F', '5', 'D', '3'),
    ];
    const rows = computeStandings({ ruleset: 'cga2017', entrants: ['A', 'B', 'C', 'D', 'E', 'F'], results });
    expect(rows.map((r) => [r.entrant, r.rank])).toEqual([
      ['B', 1],
      ['A', 2],
      ['C', 3],
      ['F', 3],
      ['D', 5],
      ['E', 6],
    ]);
    const a = rows.find((r) => r.entrant === 'A')?.tiebreaks[3];
    expect(a?.value).toEqual({ kind: 'number', value: '31' });
    expect(a?.contributions).toEqual([{ round: 1, opponent: 'B', value: '31' }]);
    expect(rows.find((r) => r.entrant === 'C')?.tiebreaks[3]?.value).toEqual({ kind: 'number', value: '22' });
  });

  it('TRN-TB-1 step 5: still equal, a shared place; or the order drawn by lot', () => {
    const rows = [
      record('P', [['x', 20, 0, 15]]),
      record('Q', [['y', 20, 0, 15]]),
      record('R', [['z', 0, 20, 11]]),
    ];
    expect(ranks(rows)).toEqual([
      ['P', 1],
      ['Q', 1],
      ['R', 3],
    ]);
    expect(ranks(rows, ['Q', 'P'])).toEqual([
      ['Q', 1],
      ['P', 2],
      ['R', 3],
    ]);
  });
});
