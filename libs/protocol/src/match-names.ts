import type { PerCompassSeat } from './compass';

/**
 * Who sits where and the pairs' names, from the match's opening MatchCreated. MatchState holds
 * only the players' ids (the referee's paperwork uses them); staff screens show these names.
 * Sent by the arbitration replay and the staff state (`GET /api/matches/:id/state`).
 */
export interface MatchNames {
  readonly players: PerCompassSeat<string>;
  readonly teams: { readonly NS: string; readonly EW: string };
}
