import type { TableLiveView, TableScoreView } from '@tablecast/protocol';

/** Guandan's levels as the venue view numbers them (GD-LVL-1): 0 = 2 … 12 = A, 13 = past A. */
const LEVEL_NAMES = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', 'A+'];

type Fields = Readonly<Record<string, unknown>>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

/**
 * A table's live status from the latest frame of its VENUE feed: only the fields every spectator
 * sees (status, deals played, the score), picked by name so nothing else of the view (a hand, a
 * kitty, a tribute card) can reach the tournament feed. Game-neutral by the view's shape: a
 * partnership game's levels per team (Guandan), or a per-seat running total (Dou Dizhu, Big Two).
 * Null when the frame has no view yet (the delay building) or is not a match view.
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
  const levels = view.levels;
  const teams = view.teams;
  if (isFields(levels) && isFields(teams)) {
    return (['NS', 'EW'] as const).map((team) => ({
      side: typeof teams[team] === 'string' ? teams[team] : team,
      value: typeof levels[team] === 'number' ? (LEVEL_NAMES[levels[team]] ?? '?') : '?',
    }));
  }
  const seats = view.seats;
  if (Array.isArray(seats)) {
    return seats.filter(isFields).map((seat, index) => ({
      side: typeof seat.name === 'string' ? seat.name : String(index),
      value: typeof seat.total === 'number' ? String(seat.total) : '?',
    }));
  }
  return [];
}
