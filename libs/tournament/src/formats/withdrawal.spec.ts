import { describe, expect, it } from 'vitest';
import { pairSwissRound } from '../pairing/swiss';
import { bergerSchedule } from './round-robin';
import { roundRobinAfterEarlyWithdrawal, swissShouldFillToEven, withdrawalAfterStart } from './withdrawal';

describe('TRN-WD withdrawals as they affect pairing', () => {
  it('TRN-WD-1: an odd number left in a round robin plays the table with the gap as byes', () => {
    const after = roundRobinAfterEarlyWithdrawal(8, [8]);
    expect(after.handling).toBe('byes');
    // Withdrawing 8 from the 8-pair Berger table gives exactly the 7-pair table of 附录八.
    expect(after.rounds).toEqual(bergerSchedule(7));
  });

  it('TRN-WD-1: an even number left is redrawn over the remaining pairs, in their own numbers', () => {
    const after = roundRobinAfterEarlyWithdrawal(7, [3]);
    expect(after.handling).toBe('redraw');
    expect(after.rounds).toHaveLength(5);
    const numbers = new Set(after.rounds.flat(2));
    expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 7]);
    expect(() => roundRobinAfterEarlyWithdrawal(8, [9])).toThrow(/^withdrawn/);
  });

  it('TRN-WD-1: a Swiss field left odd should be filled to even', () => {
    expect(swissShouldFillToEven(39)).toBe(true);
    expect(swissShouldFillToEven(40)).toBe(false);
  });

  it('TRN-WD-2: round robin, fewer than half played cancels the results; half or more, the rest are forfeits 2 : 18', () => {
    expect(withdrawalAfterStart({ kind: 'roundRobin', played: 3, opponents: 7 })).toEqual({
      rule: 'TRN-WD-2',
      results: 'cancelled',
      opponentsPointsAgainstWithdrawn: 'keep',
      remaining: 'notPlayed',
    });
    expect(withdrawalAfterStart({ kind: 'roundRobin', played: 2, opponents: 4 })).toMatchObject({
      results: 'stand',
      remaining: 'forfeit',
      award: { matchPoints: 2, levelPoints: 18 },
    });
    expect(withdrawalAfterStart({ kind: 'roundRobin', played: 1, opponents: 7 }, 'cancel')).toMatchObject({
      opponentsPointsAgainstWithdrawn: 'cancel',
    });
  });

  it('TRN-WD-2 / TRN-SWISS-6: Swiss results stand and the withdrawn pair is no longer paired; knockout opponents advance', () => {
    expect(withdrawalAfterStart({ kind: 'swiss' })).toMatchObject({ results: 'stand', remaining: 'forfeit' });
    expect(withdrawalAfterStart({ kind: 'knockout' })).toMatchObject({ remaining: 'opponentAdvances' });
    // The withdrawn pair w stays in the history (its results stand) but is left out of the entrants.
    const result = pairSwissRound({
      round: 3,
      entrants: [
        { id: 'a', score: 4 },
        { id: 'b', score: 2 },
        { id: 'c', score: 2 },
        { id: 'd', score: 0 },
      ],
      history: [
        ['a', 'w'],
        ['a', 'b'],
        ['c', 'w'],
        ['b', 'd'],
      ],
    });
    expect(result).toEqual({
      ok: true,
      pairs: [
        ['a', 'd'],
        ['b', 'c'],
      ],
      bye: null,
      relaxed: [],
    });
  });
});
