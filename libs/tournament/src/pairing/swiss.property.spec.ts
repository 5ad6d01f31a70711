import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairSwissRound, type SwissEntrant } from './swiss';
import type { SwissOptions } from './swiss-options';

/** Results a round can give, as match points for the first and second pair (TRN-SCORE-2/3). */
const RESULTS = [
  ['2', '0'],
  ['0', '2'],
  ['1', '1'],
  ['1.5', '0.5'],
  ['0.5', '1.5'],
  ['1.7', '0.3'],
] as const;

interface Event {
  readonly size: number;
  readonly rounds: number;
  readonly units: number;
  readonly rules: '000' | '003';
  readonly outcomes: readonly number[];
}

/**
 * Random events of 8–200 entrants. Rounds stay at most N/2 so a rematch-free pairing always exists
 * (each entrant then still has at least N/2 possible opponents, enough for a perfect pairing).
 */
const events = fc
  .record({
    size: fc.integer({ min: 8, max: 200 }),
    units: fc.integer({ min: 1, max: 12 }),
    rules: fc.constantFrom('000' as const, '003' as const),
    outcomes: fc.array(fc.integer({ min: 0, max: RESULTS.length - 1 }), { minLength: 64, maxLength: 64 }),
  })
  .chain((e) =>
    fc
      .integer({ min: 2, max: Math.min(7, Math.floor(e.size / 2)) })
      .map((rounds): Event => ({ ...e, rounds })),
  );

/** Plays a whole event round by round, checking each round's pairing as it goes. */
function play(
  event: Event,
  check: (
    round: number,
    entrants: SwissEntrant[],
    pairs: readonly (readonly [string, string])[],
    bye: string | null,
    history: readonly (readonly [string, string])[],
  ) => void,
): void {
  const ids = Array.from({ length: event.size }, (_, i) => `p${i + 1}`);
  const score = new Map(ids.map((id) => [id, new Decimal(0)]));
  const byes = new Map(ids.map((id) => [id, 0]));
  const history: [string, string][] = [];
  const options: Partial<SwissOptions> = {
    rules: event.rules,
    totalRounds: event.rounds,
    firstRound: 'lot',
    seed: `event-${event.size}`,
  };
  let k = 0;
  for (let round = 1; round <= event.rounds; round += 1) {
    const entrants = ids.map((id, i) => ({
      id,
      score: (score.get(id) ?? new Decimal(0)).toString(),
      unit: `U${i % event.units}`,
      byes: byes.get(id) ?? 0,
    }));
    const result = pairSwissRound({ round, entrants, history }, options);
    if (!result.ok) throw new Error(`round ${round}: ${result.error}`);
    check(round, entrants, result.pairs, result.bye, history);
    for (const [a, b] of result.pairs) {
      const [sa, sb] = RESULTS[event.outcomes[k % event.outcomes.length] ?? 0] ?? RESULTS[0];
      k += 1;
      score.set(a, (score.get(a) ?? new Decimal(0)).plus(sa));
      score.set(b, (score.get(b) ?? new Decimal(0)).plus(sb));
      history.push([a, b]);
    }
    if (result.bye !== null) {
      score.set(result.bye, (score.get(result.bye) ?? new Decimal(0)).plus('1.5'));
      byes.set(result.bye, (byes.get(result.bye) ?? 0) + 1);
    }
  }
}

// Sized by a budget: a few dozen whole events keep this spec to a few seconds on a loaded 2-core box.
const RUNS = 20;
// Generous: the machine is shared, and this is a correctness check, not a timing one.
const TIMEOUT = 120_000;

describe('Swiss pairing properties over random events of 8–200 entrants', () => {
  it(
    'TRN-SWISS-1: no rematch, ever',
    () => {
      fc.assert(
        fc.property(events, (event) => {
          play(event, (_round, _entrants, pairs, _bye, history) => {
            const met = new Set(history.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));
            for (const [a, b] of pairs) expect(met.has(`${a}|${b}`)).toBe(false);
          });
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'TRN-SWISS-8: every entrant plays exactly once or has the bye, each round; one bye each',
    () => {
      fc.assert(
        fc.property(events, (event) => {
          play(event, (_round, entrants, pairs, bye) => {
            const seen = pairs.flat();
            if (bye !== null) seen.push(bye);
            expect([...seen].sort()).toEqual(entrants.map((e) => e.id).sort());
            expect(bye === null).toBe(entrants.length % 2 === 0);
            if (bye !== null) expect(entrants.find((e) => e.id === bye)?.byes).toBe(0);
          });
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'TRN-SWISS-1: pairing is deterministic for a seed (the same input pairs the same)',
    () => {
      fc.assert(
        fc.property(events, (event) => {
          play(event, (round, entrants, pairs, bye, history) => {
            const again = pairSwissRound(
              { round, entrants, history },
              {
                rules: event.rules,
                totalRounds: event.rounds,
                firstRound: 'lot',
                seed: `event-${event.size}`,
              },
            );
            expect(again).toMatchObject({ ok: true, pairs, bye });
          });
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});
