import {
  boardMatchpoints,
  rankingPoints as tournamentRankingPoints,
  rankRoundTotals,
} from '@tablecast/tournament';

// Duplicate matchpoints have one home, the game-neutral tournament library (TRN-MP-*, TRN-TB-4);
// these are Dou Dizhu's names for them, kept for the game's own callers.

/** One participant's result on a board, against everyone who played it in the same seat (DDZ-MP-1). */
export interface BoardStanding {
  /** 2 per participant with a lower score, 1 per participant with an equal score (DDZ-MP-1). */
  readonly mp: number;
  /** MP / top × 100, top = 2 × (N − 1) (DDZ-MP-2); 100 when the participant is alone. For display: the rank is exact. */
  readonly percent: number;
  /** 1-based; equal MP% share a rank and the next ranks are skipped (DDZ-MP-3). */
  readonly rank: number;
}

/**
 * The ranking points per board rank, 1st first (DDZ-MP-4). The source's formula past 4th place is
 * an image missing from our copy, so the table is a parameter: extend it, never guess it.
 */
export const DEFAULT_RANKING_POINTS: readonly number[] = [10_000, 7_000, 5_000, 3_500];

/** DDZ-MP-1…3 (TRN-MP-1…3): matchpoints, MP% and rank for the scores of one comparison group, in input order. */
export function boardStandings(scores: readonly number[]): BoardStanding[] {
  return boardMatchpoints(scores).map(({ mp, top, rank }) => ({
    mp,
    percent: top === 0 ? 100 : (mp / top) * 100,
    rank,
  }));
}

/** DDZ-MP-4 (TRN-MP-4): the ranking points of a board rank; tied participants each get their shared rank's. */
export function rankingPoints(rank: number, table: readonly number[] = DEFAULT_RANKING_POINTS): number {
  if (table[rank - 1] === undefined || !Number.isInteger(rank) || rank < 1)
    throw new RangeError(
      `DDZ-MP-4: no ranking points for rank ${String(rank)}; the table covers ranks 1 to ${String(table.length)}`,
    );
  return tournamentRankingPoints(rank, { table: table.map(String), beyond: 'refuse' }).toNumber();
}

/** A participant over a round: ranking points and own play time per board, in seconds. */
export interface RoundEntry {
  readonly id: string;
  readonly boardPoints: readonly number[];
  readonly boardSeconds: readonly number[];
}

export interface RoundStanding {
  readonly id: string;
  /** The final score S, the sum of the board ranking points (DDZ-MP-5). */
  readonly total: number;
  readonly totalSeconds: number;
  /** 1-based; participants still equal after the tie-breaks applied share a rank. */
  readonly rank: number;
}

/**
 * DDZ-MP-5 and DDZ-TB-1 steps 1–2 (TRN-TB-4): ranks a round by S, then for equal S by less total
 * play time, then by the lower average board time without each player's longest and shortest
 * board. Steps 3–5 need the boards' comparison sets (the tournament library's duplicate
 * standings): entries still equal after step 2 share a rank.
 */
export function roundStandings(entries: readonly RoundEntry[]): RoundStanding[] {
  return rankRoundTotals(
    entries.map((entry) => ({
      player: entry.id,
      boardPoints: entry.boardPoints,
      boardSeconds: entry.boardSeconds,
    })),
  ).map((row) => ({
    id: row.player,
    total: Number(row.S),
    totalSeconds: Number(row.totalSeconds),
    rank: row.rank,
  }));
}
