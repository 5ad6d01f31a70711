import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../scoring/levels';
import { byeResult, forfeitResult, playedResult } from '../scoring/record';
import type { Ruleset, ScoredResult } from '../scoring/result';
import { compareValues } from '../tiebreak/chain';
import { seededRandom, shuffled } from '../testing';
import { computeStandings, type StandingsRow } from './standings';

/** A random event: pairs shuffled each round, random final levels, some forfeits, byes, corrections. */
function randomEvent(ruleset: Ruleset, n: number, rounds: number, seed: number) {
  // One fast-check seed is one whole event.
  const next = seededRandom(seed);
  const entrants = Array.from({ length: n }, (_, i) => `P${String(i + 1).padStart(3, '0')}`);
  const results: ScoredResult[] = [];
  for (let round = 1; round <= rounds; round++) {
    const order = shuffled(entrants, next);
    for (let t = 0; t + 1 < order.length; t += 2) {
      const a = order[t] ?? '';
      const b = order[t + 1] ?? '';
      const id = `r${String(round)}-t${String(t / 2 + 1)}`;
      if (next(20) === 0) results.push(forfeitResult(ruleset, { id, round }, a, b));
      else {
        const level = () => LEVELS[next(LEVELS.length)] ?? '2';
        results.push(
          playedResult(
            ruleset,
            { id, round },
            { entrant: a, level: level() },
            { entrant: b, level: level() },
          ),
        );
        // A correction now and then: the same match at a higher revision.
        if (next(10) === 0)
          results.push(
            playedResult(
              ruleset,
              { id, round, revision: 1 },
              { entrant: a, level: level() },
              { entrant: b, level: level() },
            ),
          );
      }
    }
    const odd = order.at(-1);
    if (order.length % 2 === 1 && odd !== undefined) {
      const bye = byeResult(ruleset, { id: `r${String(round)}-bye`, round }, odd, {
        matchTenths: 20,
        levelPoints: 13,
      });
      if ('ok' in bye) throw new Error(bye.message);
      results.push(bye);
    }
  }
  return { entrants, results };
}

/** The items in an order drawn from the seed: an order of arrival, or the draw. */
const reordered = <T>(items: readonly T[], seed: number): T[] =>
  shuffled(items, seededRandom(seed ^ 0x5bd1e995));

/** Rows in rank order: equal ranks have equal values on every step; a lower rank is decided by its first differing step. */
function expectTotalOrder(rows: readonly StandingsRow[], drawnOrder: readonly string[] = []): void {
  rows.forEach((row, i) => {
    expect(row.rank).toBe(rows[i - 1]?.rank === undefined ? 1 : row.rank);
    const before = rows[i - 1];
    if (before === undefined) return;
    const steps = row.tiebreaks.length;
    let decided = 0;
    for (let k = 0; k < steps && decided === 0; k++) {
      const a = before.tiebreaks[k];
      const b = row.tiebreaks[k];
      if (a === undefined || b === undefined) throw new Error('every row explains every step');
      decided = compareValues(a.value, b.value, a.better);
    }
    // The last step: the drawn order, for those the chain left equal.
    if (decided === 0 && drawnOrder.length > 0)
      decided = Math.sign(drawnOrder.indexOf(before.entrant) - drawnOrder.indexOf(row.entrant));
    if (row.rank === before.rank) expect(decided).toBe(0);
    else {
      expect(decided).toBeLessThan(0);
      expect(row.rank).toBe(i + 1);
    }
  });
}

describe('standings: a pure function of the recorded results', () => {
  it.each<Ruleset>(['cga2017', 'cesa2023'])(
    'TRN-TB-1/TRN-TB-2 (%s): identical when rebuilt from the same results in any order of arrival; the chain is a total order',
    (ruleset) => {
      fc.assert(
        fc.property(
          fc.integer({ min: 8, max: 200 }),
          fc.integer({ min: 1, max: 6 }),
          fc.integer(),
          (n, rounds, seed) => {
            const { entrants, results } = randomEvent(ruleset, n, rounds, seed);
            const standings = computeStandings({ ruleset, entrants, results });
            const rebuilt = computeStandings({
              ruleset,
              entrants: reordered(entrants, seed),
              results: reordered(results, seed + 1),
            });
            expect(rebuilt).toEqual(standings);
            expect(standings).toHaveLength(n);
            expectTotalOrder(standings);
            // With the draw as the last step, the order is strict: every place is distinct.
            const drawnOrder = reordered(entrants, seed + 2);
            const drawn = computeStandings({ ruleset, entrants, results, drawnOrder });
            expect(new Set(drawn.map((r) => r.rank)).size).toBe(n);
            expectTotalOrder(drawn, drawnOrder);
          },
        ),
        { numRuns: 12 },
      );
    },
    // Twelve whole events of up to 200 pairs, on a shared 2-core machine.
    120_000,
  );
});
