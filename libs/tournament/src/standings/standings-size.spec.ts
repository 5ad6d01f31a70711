import { describe, expect, it } from 'vitest';
import type { Ruleset } from '../scoring/result';
import { seededEvent } from '../testing';
import { computeStandings, type StandingsRow } from './standings';

/**
 * The standings' size grows with the entrants, not with their square: a qualifier's first rounds
 * leave most pairs tied, and each row's explanation names its tie by a run of places (TRN-TB-1,
 * TRN-TB-2), which is still exactly the set of rows equal on every earlier step.
 */
// Names of one width (P00001…) at both sizes: the bytes compare the rows, not longer names.
const event = (ruleset: Ruleset, n: number, rounds: number) => seededEvent(ruleset, n, rounds, 5);

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
