import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../scoring/levels';
import { forfeitResult, playedResult } from '../scoring/record';
import type { Ruleset, ScoredResult } from '../scoring/result';
import { StandingsLedger } from './ledger';
import { computeStandings } from './standings';

function generator(seed: number): (bound: number) => number {
  let state = seed >>> 0;
  return (bound) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % bound;
  };
}

/** An event's results in an order of arrival: rounds in turn, with corrections of any earlier round. */
function arrivals(ruleset: Ruleset, n: number, rounds: number, seed: number) {
  const next = generator(seed);
  const entrants = Array.from({ length: n }, (_, i) => `P${String(i + 1).padStart(2, '0')}`);
  const results: ScoredResult[] = [];
  const revisions = new Map<string, number>();
  const level = () => LEVELS[next(LEVELS.length)] ?? '2';
  for (let round = 1; round <= rounds; round++) {
    const order = [...entrants];
    for (let i = order.length - 1; i > 0; i--) {
      const j = next(i + 1);
      [order[i], order[j]] = [order[j] ?? '', order[i] ?? ''];
    }
    for (let t = 0; t + 1 < order.length; t += 2) {
      const a = order[t] ?? '';
      const b = order[t + 1] ?? '';
      const id = `r${String(round)}-t${String(t / 2 + 1)}`;
      results.push(
        next(15) === 0
          ? forfeitResult(ruleset, { id, round }, a, b)
          : playedResult(
              ruleset,
              { id, round },
              { entrant: a, level: level() },
              { entrant: b, level: level() },
            ),
      );
      // A correction of some earlier result, now and then (TRN-SWISS-9): it lands later.
      const earlier = results[next(results.length)];
      if (next(6) === 0 && earlier !== undefined && earlier.b !== null) {
        const revision = (revisions.get(earlier.id) ?? 0) + 1;
        revisions.set(earlier.id, revision);
        results.push(
          playedResult(
            ruleset,
            { id: earlier.id, round: earlier.round, revision },
            { entrant: earlier.a.entrant, level: level() },
            { entrant: earlier.b.entrant, level: level() },
          ),
        );
      }
    }
  }
  return { entrants, results };
}

describe('StandingsLedger (the incremental standings)', () => {
  it('equals the whole computation after every result, corrections of earlier rounds included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Ruleset>('cga2017', 'cesa2023'),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer(),
        (ruleset, n, rounds, seed) => {
          const { entrants, results } = arrivals(ruleset, n, rounds, seed);
          const ledger = new StandingsLedger({ ruleset });
          for (const e of entrants) ledger.addEntrant(e);
          results.forEach((result, i) => {
            ledger.record(result);
            expect(ledger.standings()).toEqual(
              computeStandings({ ruleset, entrants, results: results.slice(0, i + 1) }),
            );
          });
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('ranks the previous round again when a correction of it lands (TRN-TB-2 step 7, TRN-SWISS-9)', () => {
    const ruleset = 'cesa2023';
    const entrants = ['A', 'B', 'C', 'D'];
    const ledger = new StandingsLedger({ ruleset });
    for (const e of entrants) ledger.addEntrant(e);
    const results = [
      playedResult(
        ruleset,
        { id: 'r1-t1', round: 1 },
        { entrant: 'A', level: 'A' },
        { entrant: 'B', level: '2' },
      ),
      playedResult(
        ruleset,
        { id: 'r1-t2', round: 1 },
        { entrant: 'C', level: '5' },
        { entrant: 'D', level: '2' },
      ),
      playedResult(
        ruleset,
        { id: 'r2-t1', round: 2 },
        { entrant: 'A', level: '3' },
        { entrant: 'C', level: '2' },
      ),
    ];
    for (const r of results) ledger.record(r);
    expect(
      ledger
        .standings()
        .find((r) => r.entrant === 'A')
        ?.tiebreaks.at(-1)?.value,
    ).toEqual({
      kind: 'number',
      value: '1',
    });
    const corrected = playedResult(
      ruleset,
      { id: 'r1-t1', round: 1, revision: 1 },
      { entrant: 'A', level: '2' },
      { entrant: 'B', level: 'A' },
    );
    ledger.record(corrected);
    const whole = computeStandings({ ruleset, entrants, results: [...results, corrected] });
    expect(ledger.standings()).toEqual(whole);
    expect(whole.find((r) => r.entrant === 'A')?.tiebreaks.at(-1)?.value).not.toEqual({
      kind: 'number',
      value: '1',
    });
  });

  it('answers with the whole computation once a pair has withdrawn (TRN-WD-2)', () => {
    const ledger = new StandingsLedger({ ruleset: 'cga2017' });
    for (const e of ['A', 'B', 'C', 'D']) ledger.addEntrant(e);
    const r1 = playedResult(
      'cga2017',
      { id: 'r1-t1', round: 1 },
      { entrant: 'A', level: 'A' },
      { entrant: 'B', level: '5' },
    );
    ledger.record(r1);
    ledger.withdraw({ entrant: 'C', round: 1 });
    expect(ledger.standings()).toEqual(
      computeStandings({
        ruleset: 'cga2017',
        entrants: ['A', 'B', 'C', 'D'],
        results: [r1],
        withdrawals: [{ entrant: 'C', round: 1 }],
      }),
    );
    expect(ledger.standings().find((r) => r.entrant === 'C')?.withdrewInRound).toBe(1);
  });

  it('refuses a result naming someone who is not an entrant, and two rounds for one pair', () => {
    const ledger = new StandingsLedger({ ruleset: 'cga2017' });
    ledger.addEntrant('A');
    ledger.addEntrant('B');
    expect(() => {
      ledger.record(
        playedResult(
          'cga2017',
          { id: 'x', round: 1 },
          { entrant: 'A', level: '2' },
          { entrant: 'Z', level: '2' },
        ),
      );
    }).toThrow(/Z, who is not an entrant/);
    ledger.record(
      playedResult(
        'cga2017',
        { id: 'm1', round: 1 },
        { entrant: 'A', level: '2' },
        { entrant: 'B', level: '3' },
      ),
    );
    expect(() => {
      ledger.record(
        playedResult(
          'cga2017',
          { id: 'm2', round: 1 },
          { entrant: 'A', level: '2' },
          { entrant: 'B', level: '3' },
        ),
      );
    }).toThrow(/two results in round 1/);
  });
});
