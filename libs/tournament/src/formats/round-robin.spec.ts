import { describe, expect, it } from 'vitest';
import { groupRoundRobin } from './group-round-robin';
import {
  bergerSchedule,
  doubleRoundRobin,
  fixedRotationSchedule,
  singleRoundRobin,
  type ScheduledRound,
} from './round-robin';

/** A table as the appendix prints it: one row per round, "a-b" per match. */
function table(rows: readonly string[]): number[][][] {
  return rows.map((row) => row.split(' ').map((m) => m.split('-').map(Number)));
}

/** Every pair meets every other once, nobody twice in a round (the digest's own check). */
function expectCompleteRoundRobin(rounds: readonly ScheduledRound[], pairs: number): void {
  const met = new Set<string>();
  for (const round of rounds) {
    const seen = new Set<number>();
    for (const [a, b] of round) {
      for (const x of [a, b]) {
        if (x !== 0) expect(seen.has(x)).toBe(false);
        seen.add(x);
      }
      if (a === 0 || b === 0) continue;
      const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
      expect(met.has(key)).toBe(false);
      met.add(key);
    }
  }
  expect(met.size).toBe((pairs * (pairs - 1)) / 2);
}

describe('TRN-RR-5 round schedules, exactly the appendix tables (0 = bye)', () => {
  it('TRN-RR-5: 8 pairs, Berger method (000 附录七)', () => {
    expect(bergerSchedule(8)).toEqual(
      table([
        '1-8 2-7 3-6 4-5',
        '8-5 6-4 7-3 1-2',
        '2-8 3-1 4-7 5-6',
        '8-6 7-5 1-4 2-3',
        '3-8 4-2 5-1 6-7',
        '8-7 1-6 2-5 3-4',
        '4-8 5-3 6-2 7-1',
      ]),
    );
  });

  it('TRN-RR-5: 8 pairs, fixed rotation (000 附录七)', () => {
    expect(fixedRotationSchedule(8)).toEqual(
      table([
        '1-8 2-7 3-6 4-5',
        '1-7 8-6 2-5 3-4',
        '1-6 7-5 8-4 2-3',
        '1-5 6-4 7-3 8-2',
        '1-4 5-3 6-2 7-8',
        '1-3 4-2 5-8 6-7',
        '1-2 3-8 4-7 5-6',
      ]),
    );
  });

  it('TRN-RR-5: 7 pairs, Berger method (000 附录八)', () => {
    expect(bergerSchedule(7)).toEqual(
      table([
        '1-0 2-7 3-6 4-5',
        '0-5 6-4 7-3 1-2',
        '2-0 3-1 4-7 5-6',
        '0-6 7-5 1-4 2-3',
        '3-0 4-2 5-1 6-7',
        '0-7 1-6 2-5 3-4',
        '4-0 5-3 6-2 7-1',
      ]),
    );
  });

  it('TRN-RR-5: 7 pairs, fixed rotation (000 附录八)', () => {
    expect(fixedRotationSchedule(7)).toEqual(
      table([
        '1-0 2-7 3-6 4-5',
        '1-7 0-6 2-5 3-4',
        '1-6 7-5 0-4 2-3',
        '1-5 6-4 7-3 0-2',
        '1-4 5-3 6-2 7-0',
        '1-3 4-2 5-0 6-7',
        '1-2 3-0 4-7 5-6',
      ]),
    );
  });

  it('TRN-RR-5: both methods give complete round robins for 2 to 30 pairs, odd fields with byes', () => {
    for (let pairs = 2; pairs <= 30; pairs += 1) {
      expectCompleteRoundRobin(bergerSchedule(pairs), pairs);
      expectCompleteRoundRobin(fixedRotationSchedule(pairs), pairs);
    }
  });

  it('TRN-RR-5: a field of fewer than 2 pairs is refused, naming the field', () => {
    expect(() => bergerSchedule(1)).toThrow(/pairs/);
    expect(() => fixedRotationSchedule(2.5)).toThrow(/pairs/);
  });
});

describe('TRN-RR-2/3 single and double round robin', () => {
  it('TRN-RR-2: a single round robin has everyone meet everyone once', () => {
    expectCompleteRoundRobin(singleRoundRobin(10, 'fixedRotation'), 10);
    expect(singleRoundRobin(8)).toEqual(bergerSchedule(8));
  });

  it('TRN-RR-3: a double round robin meets everyone twice, the second time the other way round', () => {
    const rounds = doubleRoundRobin(6);
    expect(rounds).toHaveLength(10);
    const first = rounds.slice(0, 5);
    const second = rounds.slice(5);
    expectCompleteRoundRobin(first, 6);
    expect(second).toEqual(first.map((round) => round.map(([a, b]) => [b, a])));
  });
});

describe('TRN-RR-1 group round robin', () => {
  it('TRN-RR-1: seeds are dealt to groups in a snake and every group plays its own round robin', () => {
    const seeds = Array.from({ length: 10 }, (_, i) => `S${i + 1}`);
    const groups = groupRoundRobin(seeds, 3);
    expect(groups.map((g) => g.entrants)).toEqual([
      ['S1', 'S6', 'S7'],
      ['S2', 'S5', 'S8'],
      ['S3', 'S4', 'S9', 'S10'],
    ]);
    groups.forEach((g) => {
      expectCompleteRoundRobin(g.rounds, g.entrants.length);
    });
  });

  it('TRN-RR-1: too few entrants for the groups is refused, naming the field', () => {
    expect(() => groupRoundRobin(['a', 'b', 'c'], 2)).toThrow(/groups/);
  });
});
