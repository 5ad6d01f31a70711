import type { TablecastEvent } from '@tablecast/events';
import { effectiveEvents, isGameEvent } from '@tablecast/game-kit';
import { guandanModule } from '@tablecast/guandan';
import { evolveScoreboard } from './scoreboard';
import { applyResultCorrection, type CorrectedScoreboard } from './scoreboard-corrections';

/** The corrected scoreboard folded straight from a match log, as the projection builds it. */
export function scoreboardFromLog(
  matchId: string,
  events: readonly (TablecastEvent & { readonly revision: number })[],
): CorrectedScoreboard | null {
  let board: CorrectedScoreboard | null = null;
  for (const event of effectiveEvents(events)) {
    if (event.type === 'ResultCorrected') {
      if (board) board = applyResultCorrection(board, event);
    } else if (isGameEvent(guandanModule, event)) {
      board = evolveScoreboard(board, matchId, event);
    }
  }
  return board;
}
