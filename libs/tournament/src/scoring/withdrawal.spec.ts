import { describe, expect, it } from 'vitest';
import { playedResult } from './record';
import type { ScoredResult } from './result';
import { applyWithdrawals, type WithdrawalSchedule } from './withdrawal';

const game = (id: string, round: number, a: string, b: string): ScoredResult =>
  playedResult('cga2017', { id, round }, { entrant: a, level: 'A' }, { entrant: b, level: '5' });

/** A single round robin of 5 pairs: each meets 4 opponents. */
const schedule: WithdrawalSchedule[] = [
  { id: 'r1a', round: 1, a: 'W', b: 'B' },
  { id: 'r2a', round: 2, a: 'W', b: 'C' },
  { id: 'r3a', round: 3, a: 'W', b: 'D' },
  { id: 'r4a', round: 4, a: 'W', b: 'E' },
];

describe('TRN-WD-2: a withdrawal after the start', () => {
  it('TRN-WD-2 round robin, fewer than half played: its results are cancelled, its opponents keep theirs by default', () => {
    const results = [game('r1a', 1, 'W', 'B')];
    const kept = applyWithdrawals(results, [{ entrant: 'W', round: 2 }], {
      format: 'roundRobin',
      ruleset: 'cga2017',
      opponentsTotal: 4,
      schedule,
    });
    expect(kept.cancelled).toEqual(['W']);
    expect(kept.results).toEqual(results);
    const dropped = applyWithdrawals(results, [{ entrant: 'W', round: 2 }], {
      format: 'roundRobin',
      ruleset: 'cga2017',
      opponentsTotal: 4,
      schedule,
      opponentsKeepPoints: false,
    });
    expect(dropped.results).toEqual([]);
  });

  it('TRN-WD-2 round robin, half or more played: results stand, this and every later round are forfeits 2 and 18', () => {
    const results = [game('r1a', 1, 'W', 'B'), game('r2a', 2, 'W', 'C')];
    const effect = applyWithdrawals(results, [{ entrant: 'W', round: 3 }], {
      format: 'roundRobin',
      ruleset: 'cga2017',
      opponentsTotal: 4,
      schedule,
    });
    expect(effect.cancelled).toEqual([]);
    expect(effect.results.slice(0, 2)).toEqual(results);
    expect(
      effect.results
        .slice(2)
        .map((r) => [r.id, r.kind, r.a.entrant, r.a.matchTenths, r.a.levelPoints, r.forfeitedBy]),
    ).toEqual([
      ['r3a', 'forfeit', 'D', 20, 18, 'W'],
      ['r4a', 'forfeit', 'E', 20, 18, 'W'],
    ]);
  });

  it('TRN-WD-2 Swiss: all results stand and only the withdrawal round is a forfeit', () => {
    const results = [game('r1a', 1, 'W', 'B')];
    const effect = applyWithdrawals(results, [{ entrant: 'W', round: 2 }], {
      format: 'swiss',
      ruleset: 'cesa2023',
      schedule,
    });
    expect(effect.cancelled).toEqual([]);
    expect(effect.results.map((r) => r.id)).toEqual(['r1a', 'r2a']);
    expect(effect.results[1]).toMatchObject({
      a: { entrant: 'C', matchTenths: 20, levelPoints: 18 },
      forfeitedBy: 'W',
    });
  });

  it('TRN-WD-2: a round-robin withdrawal without the number of opponents is refused, naming the field', () => {
    expect(() =>
      applyWithdrawals([], [{ entrant: 'W', round: 1 }], { format: 'roundRobin', ruleset: 'cga2017' }),
    ).toThrow(/^opponentsTotal: /);
  });
});
