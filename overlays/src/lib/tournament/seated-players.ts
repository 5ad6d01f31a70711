import type { TournamentFeedView, TournamentSeatedTableView } from '@tablecast/protocol';
import { entrantName } from './tournament-names';

/** One player of a duplicate table (Dou Dizhu, Big Two) as the pages show it. */
export interface SeatedPlayer {
  readonly entrant: string;
  readonly name: string;
  /** The player's own running total from the table's venue feed; null before its first frame. */
  readonly score: string | null;
}

/**
 * A duplicate table's players in seat order (TRN-MOVE-4/5), each with its own live total. The
 * venue feed of a game scored per seat lists one total a seat, in seat order, as the round seated
 * them; a list of any other length gives no player a score rather than someone else's.
 */
export function seatedPlayers(
  view: TournamentFeedView,
  table: TournamentSeatedTableView,
): readonly SeatedPlayer[] {
  const score = table.live?.score ?? [];
  const perSeat = score.length === table.seats.length;
  return table.seats.map((entrant, seat) => ({
    entrant,
    name: entrantName(view, entrant),
    score: perSeat ? (score[seat]?.value ?? null) : null,
  }));
}
