import { wholeSeconds } from './result';

/**
 * One seat's own play time as the hall sees it (TRN-TB-4 steps 1-2, TRN-TB-5 steps 3-4), in whole
 * seconds: on the board at the table (the one in play, or the last one ended until the next is
 * dealt) and over the match so far. Both count only turns already recorded: the time is the
 * recorded events' own, never a viewer's clock, so every audience and a replay show the same.
 */
export interface PlaySeconds {
  readonly board: number;
  readonly match: number;
}

/**
 * A seat's play time from the game's per-board times in ms. The match total is the sum of each
 * board rounded once (`wholeSeconds`), as the score sheets and the standings add it up, so the hall
 * shows the total the tie-break will use. `current` is the board at the table, `null` before the
 * first; `ended` says whether it is already among `completed` (its end recorded).
 */
export function playSeconds(
  current: number | null,
  ended: boolean,
  completed: readonly number[],
): PlaySeconds {
  const board = current === null ? 0 : wholeSeconds(current);
  const done = completed.reduce((sum, ms) => sum + wholeSeconds(ms), 0);
  return { board, match: done + (current === null || ended ? 0 : board) };
}
