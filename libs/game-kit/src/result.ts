/**
 * A side of a match as a tournament scores it: a fixed partnership (Guandan's NS and EW) or one
 * seat (Dou Dizhu and Big Two score each player, whoever was landlord on a board).
 */
export interface Side {
  readonly id: string;
  readonly seats: readonly string[];
}

/** One side's outcome. */
export interface SideResult {
  readonly side: string;
  /** Match points as the ruleset's table gives them (Guandan: tenths, 2:0 = 20). */
  readonly matchPoints: number;
  /** The game's own score behind them (Guandan: level points; Dou Dizhu: board score total). */
  readonly score: number;
  /**
   * Where the side stood when the game ended, in the game's own words (Guandan: its level, 2…A or
   * A+), for the score sheets and for a deal played on top of the game; absent for a game with none.
   */
  readonly standing?: string;
}

/**
 * One board (one deal) as a duplicate tournament compares it (TRN-MP-1): the same deal, identified
 * by its commitment, played in the same seat at several tables. Scores are per seat.
 */
export interface BoardResult {
  /** The board's id within the event (the seeded deal's name), or the deal number when not duplicate. */
  readonly board: string;
  /** The commitment of the deal (sha256 of order + salt): tables with the same one played the same cards. */
  readonly deal: string | null;
  readonly scores: Readonly<Record<string, number>>;
  /**
   * Each seat's own play time on the board in whole seconds, where the game times it (the duplicate
   * tie-breaks TRN-TB-4/5 compare it); absent for a game that keeps none (Guandan).
   */
  readonly seconds?: Readonly<Record<string, number>>;
}

/**
 * A board's play time in ms as the score sheets print it: whole seconds, to the nearest (half up).
 * Rounded once per board, not per turn, so a player's total is the sum of his printed boards.
 */
export function wholeSeconds(ms: number): number {
  return Math.round(ms / 1000);
}

/** What a tournament scores once a match has ended. */
export interface MatchResult {
  /** Why it ended, in the module's words (e.g. "pastAce", "dealsPlayed", "forfeit"). */
  readonly reason: string;
  /** The rule that scored it (e.g. GD-SCORE-2), or null. */
  readonly rule: string | null;
  /** The winning side's id, or null for a draw or a match decided by boards alone. */
  readonly winner: string | null;
  readonly sides: readonly SideResult[];
  readonly boards: readonly BoardResult[];
}
