import { Decimal } from 'decimal.js';
import { rankByChain } from '../tiebreak/chain';
import type { StepExplanation } from '../tiebreak/explanation';
import { finalScore, totalTime, trimmedTime, type DuplicatePlayer } from './duplicate-chains';
import { twoPlaces } from './matchpoints';

/** A player's round as totals only: ranking points and own play time per board. */
export interface RoundTotalsEntry {
  readonly player: string;
  readonly boardPoints: readonly (number | string)[];
  readonly boardSeconds: readonly number[];
}

export interface RoundTotalsRow {
  readonly player: string;
  /** S with 2 decimal places (TRN-MP-5). */
  readonly S: string;
  readonly totalSeconds: string;
  readonly rank: number;
  readonly tiebreaks: readonly StepExplanation[];
}

/**
 * TRN-MP-5 with TRN-TB-4 steps 1–2, for a round known only by its totals: S, then less total play
 * time, then the lower average without the longest and shortest board. The later steps need the
 * boards' comparison sets (use `duplicateStandings`): players still equal share a rank.
 */
export function rankRoundTotals(entries: readonly RoundTotalsEntry[]): RoundTotalsRow[] {
  const players: DuplicatePlayer[] = entries.map((entry) => {
    if (entry.boardPoints.length !== entry.boardSeconds.length)
      throw new RangeError(
        `boardSeconds: ${entry.player} has ${String(entry.boardPoints.length)} boards of points but ${String(entry.boardSeconds.length)} of time`,
      );
    return {
      player: entry.player,
      S: entry.boardPoints.reduce<Decimal>((sum, points) => sum.plus(points), new Decimal(0)),
      boards: entry.boardPoints.map((points, i) => ({
        board: String(i + 1),
        score: '0',
        seconds: entry.boardSeconds[i] ?? 0,
        mp: 0,
        top: 0,
        pct: '0.00',
        rank: 0,
        points: new Decimal(points).toString(),
        comparedWith: [entry.player],
      })),
      results: [],
    };
  });
  const ranked = rankByChain(players, {
    rule: 'TRN-TB-4',
    steps: [finalScore(), totalTime(), trimmedTime()],
    idOf: (p) => p.player,
  });
  return ranked.map(({ entry, rank, explanations }) => ({
    player: entry.player,
    S: twoPlaces(entry.S),
    totalSeconds: entry.boards.reduce((s, b) => s.plus(b.seconds), new Decimal(0)).toString(),
    rank,
    tiebreaks: explanations,
  }));
}
