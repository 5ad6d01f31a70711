import { effectiveEvents, type TablecastEvent } from '@tablecast/events';
import { guandanEventTypes, type GuandanEvent } from '@tablecast/guandan';
import { evolveScoreboard } from '../../projections/scoreboard';
import { applyResultCorrection, type CorrectedScoreboard } from '../../projections/scoreboard-corrections';

const guandanTypes = new Set<string>(guandanEventTypes);

/** The corrected scoreboard folded straight from a match log, as the projection builds it. */
export function scoreboardFromLog(
  matchId: string,
  events: readonly (TablecastEvent & { readonly revision: number })[],
): CorrectedScoreboard | null {
  let board: CorrectedScoreboard | null = null;
  for (const event of effectiveEvents(events)) {
    if (event.type === 'ResultCorrected') {
      if (board) board = applyResultCorrection(board, event);
    } else if (guandanTypes.has(event.type)) {
      board = evolveScoreboard(board, matchId, event as GuandanEvent);
    }
  }
  return board;
}
