import Decimal from 'decimal.js';

/** The outcome of a knockout match so far: a winner, or what must still be played to find one. */
export type KnockoutDecision =
  | { readonly decided: true; readonly winner: 'a' | 'b' }
  | { readonly decided: false; readonly next: 'game' | 'extraDeal'; readonly rule: string };

/** One game of a 计时计副制 knockout match: each side's 26-point level points (TRN-SCORE-1). */
export interface LevelPointsGame {
  readonly a: Decimal.Value;
  readonly b: Decimal.Value;
}

/**
 * TRN-KO-5 (a): 2 (or 3) games, the higher cumulative level points wins. The source does not say how
 * a tie is broken (open question); we play one more deal, as TRN-KO-4 does for equal levels.
 */
export function decideByLevelPoints(
  games: readonly LevelPointsGame[],
  gamesPerRound: 2 | 3,
): KnockoutDecision {
  if (games.length < gamesPerRound) return { decided: false, next: 'game', rule: 'TRN-KO-5' };
  const a = games.reduce((sum, g) => sum.plus(g.a), new Decimal(0));
  const b = games.reduce((sum, g) => sum.plus(g.b), new Decimal(0));
  const cmp = a.cmp(b);
  if (cmp === 0) return { decided: false, next: 'extraDeal', rule: 'TRN-KO-4' };
  return { decided: true, winner: cmp > 0 ? 'a' : 'b' };
}

/** One game of a best-of match: who won it, or level, and then who won the extra deal on top. */
export interface MatchPointsGame {
  readonly winner: 'a' | 'b' | 'level';
  /** TRN-KO-5 (b): the deal played on top of a deciding game that ended level. */
  readonly extraDeal?: 'a' | 'b';
}

/**
 * TRN-KO-5 (b): best of 3 (or 5), each game 计时计副制. A level game counts for neither side, except
 * the deciding game, which is settled by one more deal played on top of it.
 */
export function decideByMatchPoints(games: readonly MatchPointsGame[], bestOf: 3 | 5): KnockoutDecision {
  const need = (bestOf + 1) / 2;
  let a = 0;
  let b = 0;
  for (const [i, game] of games.entries()) {
    const deciding = a === need - 1 && b === need - 1;
    const last = i === bestOf - 1;
    const winner = game.winner === 'level' && (deciding || last) ? game.extraDeal : game.winner;
    if (winner === 'a') a += 1;
    if (winner === 'b') b += 1;
    if (a === need || b === need) return { decided: true, winner: a === need ? 'a' : 'b' };
    if (winner === undefined) return { decided: false, next: 'extraDeal', rule: 'TRN-KO-5' };
  }
  if (games.length >= bestOf) {
    // Level games used the games up without a majority: the last game is decided on an extra deal,
    // played on top of it whoever won it, and its winner takes the round (TRN-KO-4).
    if (a !== b) return { decided: true, winner: a > b ? 'a' : 'b' };
    const extra = games[bestOf - 1]?.extraDeal;
    if (extra !== undefined) return { decided: true, winner: extra };
    return { decided: false, next: 'extraDeal', rule: 'TRN-KO-4' };
  }
  return { decided: false, next: 'game', rule: 'TRN-KO-5' };
}

/** A side at the 004 time-out: its level (2 = 0 … A = 12), whether past A, and when it got there. */
export interface TimeoutSide {
  readonly level: number;
  readonly pastA: boolean;
  /** When the side reached its current level (any monotonic clock, e.g. the deal number). */
  readonly reachedAt: number;
}

/**
 * TRN-KO-6 (004 七): at the 60-minute time-out the side past A, or at the higher level, wins; equal
 * levels go to the side that reached that level first (TRN-TB-3). A tie on that too cannot happen
 * in play (one deal moves one side), so it is refused.
 */
export function decide004Timeout(
  a: TimeoutSide,
  b: TimeoutSide,
): KnockoutDecision | { decided: false; error: string } {
  if (a.pastA !== b.pastA) return { decided: true, winner: a.pastA ? 'a' : 'b' };
  if (a.level !== b.level) return { decided: true, winner: a.level > b.level ? 'a' : 'b' };
  if (a.reachedAt !== b.reachedAt) return { decided: true, winner: a.reachedAt < b.reachedAt ? 'a' : 'b' };
  return {
    decided: false,
    error: 'reachedAt: both sides reached the level at the same moment; TRN-KO-6 needs one first',
  };
}

/**
 * TRN-KO-6 and TRN-SWISS-8: a pair more than 10 minutes late forfeits; in a knockout the opponent
 * advances. Minutes are whole minutes after the start.
 */
export function forfeitsForLateness(minutesLate: number): boolean {
  return minutesLate > 10;
}
