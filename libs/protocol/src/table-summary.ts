import type { MatchNames } from './match-names';

/**
 * What anyone may know of a table, for the landing page at `/`: the facts the venue feed gives
 * every spectator live (teams, levels, which deal, whether the match is over) and whether the
 * delayed broadcast is still building. Never a card, never a token.
 */
export interface TableSummary {
  readonly table: string;
  /** The table's latest match. */
  readonly matchId: string;
  /** The match's game (its MatchCreated's): the landing page words its facts by it. */
  readonly game: string;
  readonly status: 'live' | 'ended';
  /** The pairs' and players' names from MatchCreated; null when the match has none. */
  readonly names: MatchNames | null;
  /** Guandan's levelIndex per team: 0 = 2 … 12 = A, 13 = past A (GD-LVL-1); null for another game. */
  readonly levels: { readonly NS: number; readonly EW: number } | null;
  /**
   * Guandan: the deal in play, or the last one played between deals; 0 before the first. Another
   * game: the boards it has completed (its module's `boards`).
   */
  readonly deal: number;
  /** The broadcast feed's security delay and whether it is still building (nothing released yet). */
  readonly broadcast: { readonly delayMs: number; readonly delayBuilding: boolean };
}
