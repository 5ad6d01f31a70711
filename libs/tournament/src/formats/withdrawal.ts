import { singleRoundRobin, type ScheduledRound, type ScheduleMethod } from './round-robin';

/** The award to the opponent of a withdrawn pair (000 第二十四条): 2 match points, 18 level points. */
export const WITHDRAWAL_FORFEIT = { matchPoints: 2, levelPoints: 18 } as const;

/**
 * TRN-WD-1: a round robin after a withdrawal before round 1. An odd number remaining plays the
 * original table with the withdrawn number as a bye (0), when that table had no bye slot yet;
 * otherwise (an even number remaining, or more than one gap) the schedule is redrawn over the
 * remaining pairs. Rounds come back in the original pair numbers, 0 = bye.
 */
export function roundRobinAfterEarlyWithdrawal(
  pairs: number,
  withdrawn: readonly number[],
  method: ScheduleMethod = 'berger',
): { handling: 'byes' | 'redraw'; rounds: ScheduledRound[] } {
  const gone = new Set(withdrawn);
  for (const w of gone)
    if (!Number.isInteger(w) || w < 1 || w > pairs)
      throw new RangeError(`withdrawn: ${w} is not a pair number of 1…${pairs}`);
  const remaining = Array.from({ length: pairs }, (_, i) => i + 1).filter((p) => !gone.has(p));
  if (remaining.length < 2) throw new RangeError(`withdrawn: ${remaining.length} pair left, no round robin`);
  if (remaining.length % 2 === 1 && pairs % 2 === 0 && gone.size === 1) {
    const rounds = singleRoundRobin(pairs, method).map((round) =>
      round.map(([a, b]) => [gone.has(a) ? 0 : a, gone.has(b) ? 0 : b] as const),
    );
    return { handling: 'byes', rounds };
  }
  const rounds = singleRoundRobin(remaining.length, method).map((round) =>
    round.map(([a, b]) => [remaining[a - 1] ?? 0, remaining[b - 1] ?? 0] as const),
  );
  return { handling: 'redraw', rounds };
}

/**
 * TRN-WD-1, Swiss: with an odd number remaining, the organiser should consider filling the field
 * to an even number; this says whether to.
 */
export function swissShouldFillToEven(remaining: number): boolean {
  return remaining % 2 === 1;
}

/**
 * TRN-WD-2 open question: when a round-robin pair withdraws before half its matches, "the opponents'
 * results are kept". Whether they keep the points won against the withdrawn pair is unclear;
 * 'keep' (the default, the literal reading) keeps them, 'cancel' strikes them too.
 */
export type CancelledOpponentsPoints = 'keep' | 'cancel';

export type WithdrawalEffect =
  | {
      readonly rule: 'TRN-WD-2';
      readonly results: 'cancelled';
      readonly opponentsPointsAgainstWithdrawn: CancelledOpponentsPoints;
      readonly remaining: 'notPlayed';
    }
  | {
      readonly rule: 'TRN-WD-2';
      readonly results: 'stand';
      /** The current and every remaining match are forfeits, won by the opponent 2 : 18. */
      readonly remaining: 'forfeit';
      readonly award: typeof WITHDRAWAL_FORFEIT;
    }
  | { readonly rule: 'TRN-WD-2'; readonly results: 'stand'; readonly remaining: 'opponentAdvances' };

/**
 * TRN-WD-2: a withdrawal after the start. Round robin: fewer than half its opponents played, its
 * results are cancelled; half or more, they stand and the rest are forfeits. Swiss: results stand,
 * the current round is a forfeit and the pair is not paired again. Knockout: the opponent advances.
 */
export function withdrawalAfterStart(
  format:
    | { readonly kind: 'roundRobin'; readonly played: number; readonly opponents: number }
    | { readonly kind: 'swiss' }
    | { readonly kind: 'knockout' },
  opponentsPoints: CancelledOpponentsPoints = 'keep',
): WithdrawalEffect {
  switch (format.kind) {
    case 'roundRobin':
      if (format.played * 2 < format.opponents)
        return {
          rule: 'TRN-WD-2',
          results: 'cancelled',
          opponentsPointsAgainstWithdrawn: opponentsPoints,
          remaining: 'notPlayed',
        };
      return { rule: 'TRN-WD-2', results: 'stand', remaining: 'forfeit', award: WITHDRAWAL_FORFEIT };
    case 'swiss':
      return { rule: 'TRN-WD-2', results: 'stand', remaining: 'forfeit', award: WITHDRAWAL_FORFEIT };
    case 'knockout':
      return { rule: 'TRN-WD-2', results: 'stand', remaining: 'opponentAdvances' };
  }
}
