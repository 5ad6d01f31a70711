import type { TournamentFeedView, TournamentPairingView } from '@tablecast/protocol';
import { entrantName } from './tournament-names';

/** A partnership game's two sides at a table. */
export type TableSide = 'NS' | 'EW';

/** One entrant of a pairing as the ticker shows it: where it sits, and its own live score. */
export interface SeatedEntrant {
  readonly entrant: string;
  readonly name: string;
  /** Null when the table's score does not tell (a game scored per seat). */
  readonly side: TableSide | null;
  /** Its value of the table's live score; null before the table's first frame. */
  readonly score: string | null;
}

/** Team names are clipped to 64 characters when the round starts the table's match. */
const TEAM_NAME_MAX = 64;

/**
 * Which entrant sits on which side of a pairing's table. The round seats the pairing's first
 * entrant NS and the second EW; a partnership game's live score lists NS then EW, each labelled
 * with the team's name, so a live table says by name who sits where, and each entrant gets its
 * own score however the list is ordered. A score of any other shape (one per seat) names no side.
 */
export function seatedAt(
  view: TournamentFeedView,
  pairing: TournamentPairingView,
): readonly [SeatedEntrant, SeatedEntrant] {
  const names = [entrantName(view, pairing.a), entrantName(view, pairing.b)] as const;
  const score = pairing.live?.score ?? [];
  if (score.length === 0) {
    return [
      { entrant: pairing.a, name: names[0], side: 'NS', score: null },
      { entrant: pairing.b, name: names[1], side: 'EW', score: null },
    ];
  }
  if (score.length !== 2) {
    return [
      { entrant: pairing.a, name: names[0], side: null, score: null },
      { entrant: pairing.b, name: names[1], side: null, score: null },
    ];
  }
  const at = (name: string): number =>
    score.findIndex((s) => s.side === name || s.side === name.slice(0, TEAM_NAME_MAX));
  const [byA, byB] = [at(names[0]), at(names[1])];
  // Names that do not tell the two apart (equal, or not the teams'): the round's seating.
  const [ia, ib] = byA !== -1 && byB !== -1 && byA !== byB ? [byA, byB] : [0, 1];
  const side = (index: number): TableSide => (index === 0 ? 'NS' : 'EW');
  return [
    { entrant: pairing.a, name: names[0], side: side(ia), score: score[ia]?.value ?? null },
    { entrant: pairing.b, name: names[1], side: side(ib), score: score[ib]?.value ?? null },
  ];
}
