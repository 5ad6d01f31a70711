import type { MatchNames } from './match-names';

/**
 * A match as the server sends it to one viewer, whichever game: the common base every game shares
 * plus the game's own view (`detail`), built by the game module's `view(state, viewer)` on the
 * server. No engine state crosses the wire: what a viewer may not see is never in `detail`.
 * `GET /api/matches/:id/view` answers the staff viewer's (every hand, live).
 */
export interface MatchViewBase {
  /** The game id (the registry key): a client picks the game's skin or console by it. */
  readonly game: string;
  readonly matchId: string;
  /** The venue table the match is played at. */
  readonly table: string;
  /** Stream revision of the last event this view includes: send it with the next command. */
  readonly revision: number;
  /** The seats in play order, as the game spells them (`S`…`W`, `0`…`2`). */
  readonly seats: readonly string[];
  /** The players by seat, from the match's MatchCreated. */
  readonly players: readonly { readonly seat: string; readonly id: string; readonly name: string }[];
  /** A keying correction waiting for the referee (docs/corrections.md), or null. */
  readonly pendingCorrection: { readonly correctionId: string; readonly toRevision: number } | null;
}

/** The common base plus the game's view: `Detail` is the game's view type (its `game` is the base's). */
export interface GameMatchView<
  Detail extends { readonly game: string } = { readonly game: string },
> extends MatchViewBase {
  readonly detail: Detail;
  /**
   * The pairs' and players' names in Guandan's compass form, for the screens written before other
   * games; null for a game whose seats these do not fit.
   */
  readonly names: MatchNames | null;
}
