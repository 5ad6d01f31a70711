import { DEFAULT_GAME, feedGame, isGameId } from '@tablecast/games';
import type { TableLiveView, TableScoreView } from '@tablecast/protocol';

type Fields = Readonly<Record<string, unknown>>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

/**
 * A table's live status from the latest frame of its VENUE feed: only the fields every spectator
 * sees (status, deals played, the score), picked by name so nothing else of the view (a hand, a
 * kitty, a tribute card) can reach the tournament feed. The score is the game's own reading of its
 * frame view (`FeedGame.score`: a pair's level, a player's total), copied as plain words. Null when
 * the frame has no view yet (the delay building) or is not a match view.
 */
export function tableLiveOf(matchId: string, frame: unknown): TableLiveView | null {
  if (!isFields(frame) || !isFields(frame.view)) return null;
  const view = frame.view;
  const status = view.status;
  if (typeof status !== 'string') return null;
  const played = [view.handsPlayed, view.boardsPlayed].find((n) => typeof n === 'number');
  return {
    matchId,
    status: status === 'ended' ? 'ended' : status === 'new' ? 'new' : 'live',
    played: typeof played === 'number' ? played : 0,
    score: scoreOf(view),
    asOf: typeof view.asOf === 'string' ? view.asOf : '',
  };
}

function scoreOf(view: Fields): TableScoreView[] {
  // A view that names no game is the first game's, whose views were written before others existed.
  const game = view.game === undefined ? DEFAULT_GAME : view.game;
  if (typeof game !== 'string' || !isGameId(game)) return [];
  return feedGame(game)
    .score(view)
    .map(({ side, value }) => ({ side, value }));
}
