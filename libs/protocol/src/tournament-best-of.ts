/**
 * A best-of knockout round's games as the tournament feed shows them (TRN-KO-5 (b)): each game
 * played or being played at the pairing's table, and the running score in games (1:0, 1:1, 2:1).
 */

/** One side of a game that has ended: its level points and where it stood (Guandan: its level). */
export interface BestOfGameSide {
  readonly levelPoints: number;
  /** The game's own word for where the side stood at the end (Guandan: `2`…`A`, `T` for 10, `A+`); null if none. */
  readonly standing: string | null;
}

export interface BestOfGameView {
  /**
   * The game's number in the round (1, 2, 3…). The extra deal played on top of a level deciding game
   * carries the number of that game, with `extraDeal` set.
   */
  readonly game: number;
  readonly extraDeal: boolean;
  /** The game's match: its `/watch` page. */
  readonly matchId: string;
  readonly ended: boolean;
  /** The entrant who won it; null while it is played or when it ended level. */
  readonly winner: string | null;
  /** Each pair's end of the game (`a`: the pairing's first pair); null while it is played. */
  readonly a: BestOfGameSide | null;
  readonly b: BestOfGameSide | null;
}

export interface BestOfView {
  /** Best of 3 or 5. */
  readonly bestOf: number;
  readonly games: readonly BestOfGameView[];
  /** Games won so far by each pair: a level game counts for neither until an extra deal settles it. */
  readonly score: { readonly a: number; readonly b: number };
}
