import { withdrawalForfeitScore } from './forfeits';
import { forfeitResult } from './record';
import type { Ruleset, ScoredResult } from './result';

/** A pair withdrawing after the start: `round` is the first round it does not finish. */
export interface Withdrawal {
  readonly entrant: string;
  readonly round: number;
}

/** A match of the published pairings or the round-robin schedule (b null: a bye). */
export interface WithdrawalSchedule {
  readonly id: string;
  readonly round: number;
  readonly a: string;
  readonly b: string | null;
}

export interface WithdrawalContext {
  readonly format: 'roundRobin' | 'swiss';
  readonly ruleset: Ruleset;
  /** Round robin: how many opponents each pair meets in the whole event (n − 1 for a single round robin). */
  readonly opponentsTotal?: number;
  readonly schedule?: readonly WithdrawalSchedule[];
  /**
   * TRN-WD-2 open question: when a round-robin pair's results are cancelled, do its opponents keep
   * the points they earned against it? Default true: the source says "对手成绩依然保留".
   */
  readonly opponentsKeepPoints?: boolean;
}

export interface WithdrawalEffect {
  /** The results after the withdrawals: cancelled ones removed, forfeits added. */
  readonly results: readonly ScoredResult[];
  /** Entrants whose results are cancelled: they have no place in the standings. */
  readonly cancelled: readonly string[];
}

/**
 * TRN-WD-2 (000 第二十四条 二), a withdrawal's effect on the scores:
 * - round robin, fewer than half its opponents played: all its results are cancelled (its
 *   opponents keep theirs unless `opponentsKeepPoints` is false);
 * - round robin, half or more: its results stand, and the scheduled matches of the withdrawal
 *   round and every later round are forfeits, 2 match points and 18 level points to the opponent;
 * - Swiss: all its results stand; the withdrawal round's match is such a forfeit.
 * A result already recorded for a match stands; forfeits fill only scheduled matches with none.
 */
export function applyWithdrawals(
  results: readonly ScoredResult[],
  withdrawals: readonly Withdrawal[],
  context: WithdrawalContext,
): WithdrawalEffect {
  let out = [...results];
  const cancelled: string[] = [];
  for (const withdrawal of [...withdrawals].sort((x, y) => x.round - y.round || cmp(x.entrant, y.entrant))) {
    const involves = (r: ScoredResult): boolean =>
      r.a.entrant === withdrawal.entrant || r.b?.entrant === withdrawal.entrant;
    let forfeitFrom: (round: number) => boolean = (round) => round === withdrawal.round;
    if (context.format === 'roundRobin') {
      const total = context.opponentsTotal;
      if (total === undefined || !Number.isInteger(total) || total < 1)
        throw new RangeError(
          'opponentsTotal: a round-robin withdrawal needs the number of opponents per pair (TRN-WD-2)',
        );
      const met = new Set(
        out
          .filter((r) => r.round < withdrawal.round && r.b !== null && involves(r))
          .map((r) => (r.a.entrant === withdrawal.entrant ? r.b?.entrant : r.a.entrant)),
      );
      if (met.size * 2 < total) {
        cancelled.push(withdrawal.entrant);
        if (context.opponentsKeepPoints === false) out = out.filter((r) => !involves(r));
        continue;
      }
      forfeitFrom = (round) => round >= withdrawal.round;
    }
    const recorded = new Set(out.map((r) => r.id));
    for (const match of context.schedule ?? []) {
      if (!forfeitFrom(match.round) || recorded.has(match.id) || match.b === null) continue;
      if (match.a !== withdrawal.entrant && match.b !== withdrawal.entrant) continue;
      const opponent = match.a === withdrawal.entrant ? match.b : match.a;
      if (withdrawals.some((w) => w.entrant === opponent && w.round <= match.round)) continue;
      out.push(
        forfeitResult(context.ruleset, { id: match.id, round: match.round }, opponent, withdrawal.entrant, {
          award: withdrawalForfeitScore(),
        }),
      );
    }
  }
  return { results: out, cancelled };
}

function cmp(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}
