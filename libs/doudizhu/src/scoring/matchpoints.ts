/** One participant's result on a board, against everyone who played it in the same seat (DDZ-MP-1). */
export interface BoardStanding {
  /** 2 per participant with a lower score, 1 per participant with an equal score (DDZ-MP-1). */
  readonly mp: number;
  /** MP / top × 100, top = 2 × (N − 1) (DDZ-MP-2); 100 when the participant is alone. */
  readonly percent: number;
  /** 1-based; equal MP% share a rank and the next ranks are skipped (DDZ-MP-3). */
  readonly rank: number;
}

/**
 * The ranking points per board rank, 1st first (DDZ-MP-4). The source's formula past 4th place is
 * an image missing from our copy, so the table is a parameter: extend it, never guess it.
 */
export const DEFAULT_RANKING_POINTS: readonly number[] = [10_000, 7_000, 5_000, 3_500];

/** DDZ-MP-1…3: matchpoints, MP% and rank for the scores of one comparison group, in input order. */
export function boardStandings(scores: readonly number[]): BoardStanding[] {
  const n = scores.length;
  const top = 2 * (n - 1);
  const mps = scores.map((score) => {
    let mp = 0;
    for (const other of scores) {
      if (other < score) mp += 2;
      else if (other === score) mp += 1;
    }
    return mp - 1; // the participant's own equal score is no comparison
  });
  return mps.map((mp) => ({
    mp,
    percent: top === 0 ? 100 : (mp / top) * 100,
    // Competition ranking: one plus the number of strictly better MP (so MP% too).
    rank: 1 + mps.filter((other) => other > mp).length,
  }));
}

/** DDZ-MP-4: the ranking points of a board rank; tied participants each get their shared rank's. */
export function rankingPoints(rank: number, table: readonly number[] = DEFAULT_RANKING_POINTS): number {
  const points = table[rank - 1];
  if (points === undefined || !Number.isInteger(rank) || rank < 1)
    throw new RangeError(
      `DDZ-MP-4: no ranking points for rank ${rank}; the table covers ranks 1 to ${table.length}`,
    );
  return points;
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
 * DDZ-MP-5 and DDZ-TB-1 steps 1–2: ranks a round by S, then for equal S by less total play time,
 * then by the lower average board time without each player's longest and shortest board. Steps 3–5
 * (defeated opponents, board wins, play-off) need results this function is not given: entries
 * still equal after step 2 share a rank.
 */
export function roundStandings(entries: readonly RoundEntry[]): RoundStanding[] {
  const keyed = entries.map((entry) => ({
    id: entry.id,
    total: sum(entry.boardPoints),
    totalSeconds: sum(entry.boardSeconds),
    trimmed: trimmedMean(entry.boardSeconds),
  }));
  const compare = (a: (typeof keyed)[number], b: (typeof keyed)[number]): number =>
    b.total - a.total || a.totalSeconds - b.totalSeconds || a.trimmed - b.trimmed;
  const sorted = [...keyed].sort(compare);
  return sorted.map((entry) => ({
    id: entry.id,
    total: entry.total,
    totalSeconds: entry.totalSeconds,
    rank: 1 + sorted.filter((other) => compare(other, entry) < 0).length,
  }));
}

function sum(values: readonly number[]): number {
  return values.reduce((total, x) => total + x, 0);
}

/** DDZ-TB-1 step 2: the mean without one longest and one shortest board (all of them below 3 boards). */
function trimmedMean(seconds: readonly number[]): number {
  if (seconds.length === 0) return 0;
  if (seconds.length < 3) return sum(seconds) / seconds.length;
  const sorted = [...seconds].sort((a, b) => a - b);
  return sum(sorted.slice(1, -1)) / (sorted.length - 2);
}
