import { describe, expect, it } from 'vitest';
import { LEVELS } from '../scoring/levels';
import { playedResult } from '../scoring/record';
import type { Ruleset, ScoredResult } from '../scoring/result';
import { computeStandings, type StandingsRow } from './standings';

/**
 * The standings' size grows with the entrants, not with their square: a qualifier's first rounds
 * leave most pairs tied, and each row's explanation names its tie by a run of places (TRN-TB-1,
 * TRN-TB-2), which is still exactly the set of rows equal on every earlier step.
 */
function event(ruleset: Ruleset, n: number, rounds: number): { entrants: string[]; results: ScoredResult[] } {
  let state = 0x2545f491;
  const next = (bound: number): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % bound;
  };
  const entrants = Array.from({ length: n }, (_, i) => `P${String(i + 1).padStart(5, '0')}`);
  const results: ScoredResult[] = [];
  for (let round = 1; round <= rounds; round++) {
    const order = [...entrants];
    for (let i = order.length - 1; i > 0; i--) {
      const j = next(i + 1);
      [order[i], order[j]] = [order[j] ?? '', order[i] ?? ''];
    }
    for (let t = 0; t + 1 < order.length; t += 2)
      results.push(
        playedResult(
          ruleset,
          { id: `r${String(round)}-t${String(t / 2 + 1)}`, round },
          { entrant: order[t] ?? '', level: LEVELS[next(LEVELS.length)] ?? '2' },
          { entrant: order[t + 1] ?? '', level: LEVELS[next(LEVELS.length)] ?? '2' },
        ),
      );
  }
  return { entrants, results };
}

const bytes = (rows: readonly StandingsRow[]): number => Buffer.byteLength(JSON.stringify(rows));

describe('the standings grow linearly with the entrants', () => {
  for (const ruleset of ['cga2017', 'cesa2023'] as const)
    it(`${ruleset}: after round 1, twice the entrants make at most 2.2 times the bytes (all names of a tie in each row made it about 4)`, () => {
      const small = bytes(computeStandings({ ruleset, ...event(ruleset, 400, 1) }));
      const large = bytes(computeStandings({ ruleset, ...event(ruleset, 800, 1) }));
      expect(large / small).toBeLessThan(2.2);
      // Bounded per row too: the row's own fields and its steps, none naming the whole field.
      expect(large / 800).toBeLessThan(4_000);
    });

  for (const ruleset of ['cga2017', 'cesa2023'] as const)
    it(`${ruleset}: each step's run of places is exactly the rows equal to the row on every earlier step`, () => {
      const rows = computeStandings({ ruleset, ...event(ruleset, 60, 3) });
      const upTo = (row: StandingsRow, step: number): string =>
        JSON.stringify(row.tiebreaks.slice(0, step - 1).map((t) => t.value));
      for (const [i, row] of rows.entries())
        for (const taken of row.tiebreaks) {
          const tied = rows.filter((other) => upTo(other, taken.step) === upTo(row, taken.step));
          const run = rows.slice(taken.among.from - 1, taken.among.from - 1 + taken.among.count);
          expect(
            run.map((r) => r.entrant),
            `${row.entrant} step ${String(taken.step)}`,
          ).toEqual(tied.map((r) => r.entrant));
          expect(taken.among.from).toBeLessThanOrEqual(i + 1);
        }
    });
});
