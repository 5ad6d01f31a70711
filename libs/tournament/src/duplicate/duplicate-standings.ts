import { Decimal } from 'decimal.js';
import { rankByChain, type Ranked } from '../tiebreak/chain';
import type { StepExplanation } from '../tiebreak/explanation';
import { duplicateChain, type DuplicatePlayer } from './duplicate-chains';
import { boardMatchpoints, twoPlaces, type MatchpointOptions } from './matchpoints';
import { DEFAULT_RANKING_POINTS, rankingPoints, type RankingPointsSchedule } from './ranking-points';

/** The duplicate games and their tie-break chains: TRN-TB-4 (Dou Dizhu) and TRN-TB-5 (Big Two). */
export type DuplicateGame = 'doudizhu' | 'bigtwo';

/** One player's result on one board, as the game module scored it (DDZ-SCORE-*, B2-SCORE-*). */
export interface DuplicateResult {
  readonly board: string | number;
  readonly player: string;
  readonly score: number | string;
  /** Own play time on the board, in seconds. */
  readonly seconds: number;
  /** The seat the board was played in; only the same seat is compared (TRN-MP-1). */
  readonly seat?: string | number;
  /** Dou Dizhu: only the same group is compared (TRN-MP-1, 002 附录三). */
  readonly group?: string | number;
  /** Big Two: the table, for the defeated opponents of TRN-TB-5 step 1. */
  readonly table?: string | number;
}

export interface DuplicateOptions extends MatchpointOptions {
  readonly rankingPoints?: RankingPointsSchedule;
  /** The chain's last step, the play-off (or lots): the recorded order; without it a shared place. */
  readonly drawnOrder?: readonly string[];
}

/** One board of a player's standings row: how its ranking points were earned. */
export interface BoardLine {
  readonly board: string;
  readonly score: string;
  readonly seconds: number;
  readonly mp: number;
  readonly top: number;
  /** MP% with 2 decimal places. */
  readonly pct: string;
  readonly rank: number;
  /** Ranking points with 2 decimal places (TRN-MP-4). */
  readonly points: string;
  /** Who was in its comparison set (TRN-MP-1), itself included. */
  readonly comparedWith: readonly string[];
}

export interface DuplicateRow {
  readonly player: string;
  /** The final score S with 2 decimal places (TRN-MP-5). */
  readonly S: string;
  readonly rank: number;
  /** Total own play time over the boards, in seconds (累计出牌总用时, TRN-TB-4 step 1, TRN-TB-5 step 3). */
  readonly seconds: number;
  readonly boards: readonly BoardLine[];
  readonly tiebreaks: readonly StepExplanation[];
}

/**
 * TRN-MP-1…5 with TRN-TB-4 or TRN-TB-5: the duplicate standings of a session or round. Each
 * board's comparison set is the same board in the same seat (Dou Dizhu: also the same group);
 * ranking points by board rank; S their sum; equal S by the game's chain, step by step.
 */
export function duplicateStandings(
  game: DuplicateGame,
  given: readonly DuplicateResult[],
  options: DuplicateOptions = {},
): DuplicateRow[] {
  // One canonical order, so the standings and their explanations ignore the order of arrival.
  const results = [...given].sort((x, y) => cmp(String(x.board), String(y.board)) || cmp(x.player, y.player));
  const seen = new Set<string>();
  results.forEach((result, i) => {
    const key = `${String(result.board)}\u0000${result.player}`;
    if (seen.has(key))
      throw new RangeError(
        `results.${String(i)}: ${result.player} has two results on board ${String(result.board)}`,
      );
    seen.add(key);
    if (!Number.isFinite(result.seconds) || result.seconds < 0)
      throw new RangeError(`results.${String(i)}.seconds: must be a number of seconds, 0 or more`);
  });
  const sets = new Map<string, DuplicateResult[]>();
  for (const result of results) {
    const key = [
      String(result.board),
      String(result.seat ?? ''),
      game === 'doudizhu' ? String(result.group ?? '') : '',
    ].join('\u0000');
    sets.set(key, [...(sets.get(key) ?? []), result]);
  }
  const schedule = options.rankingPoints ?? DEFAULT_RANKING_POINTS;
  const lines = new Map<string, { line: BoardLine; result: DuplicateResult }[]>();
  for (const set of sets.values()) {
    const scored = boardMatchpoints(
      set.map((r) => r.score),
      options,
    );
    const comparedWith = set.map((r) => r.player).sort();
    set.forEach((result, i) => {
      const mp = scored[i];
      if (mp === undefined) return;
      const line: BoardLine = {
        board: String(result.board),
        score: new Decimal(result.score).toString(),
        seconds: result.seconds,
        mp: mp.mp,
        top: mp.top,
        pct: twoPlaces(mp.pct),
        rank: mp.rank,
        points: twoPlaces(rankingPoints(mp.rank, schedule)),
        comparedWith,
      };
      lines.set(result.player, [...(lines.get(result.player) ?? []), { line, result }]);
    });
  }
  const players: DuplicatePlayer[] = [...lines.entries()].map(([player, list]) => {
    const sorted = [...list].sort((x, y) =>
      x.line.board < y.line.board ? -1 : x.line.board > y.line.board ? 1 : 0,
    );
    return {
      player,
      S: sorted.reduce((sum, { line }) => sum.plus(line.points), new Decimal(0)),
      boards: sorted.map(({ line }) => line),
      results: sorted.map(({ result }) => result),
    };
  });
  const byPlayer = new Map(players.map((p) => [p.player, p]));
  const ranked: Ranked<DuplicatePlayer>[] = rankByChain(
    players,
    duplicateChain(game, byPlayer, results),
    options.drawnOrder ? { drawnOrder: options.drawnOrder } : {},
  );
  return ranked.map(({ entry, rank, explanations }) => ({
    player: entry.player,
    S: twoPlaces(entry.S),
    rank,
    seconds: entry.boards.reduce((sum, b) => sum.plus(b.seconds), new Decimal(0)).toNumber(),
    boards: entry.boards,
    tiebreaks: explanations,
  }));
}

function cmp(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}
