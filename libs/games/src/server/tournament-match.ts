/**
 * A tournament table as a game's create request is built from it: the event (its ruleset by name,
 * its unit of play, TRN-EVT-3), the table (its number in the hall, the venue table id operator
 * tokens are scoped to, the match id) and the entrants seated there, in seat order.
 */
export interface TournamentTableInput {
  readonly tournament: {
    readonly tournamentId: string;
    /** The event's ruleset name (`cga2017` for 000, `cesa2023` for 003). */
    readonly ruleset: string;
    readonly unit: { readonly games: number; readonly bestOf: boolean };
  };
  readonly table: { readonly number: number; readonly venueTable: string; readonly matchId: string };
  /**
   * The entrants at the table in seat order: for Guandan the two pairs of a pairing (the first sits
   * NS); for Dou Dizhu and Big Two the players, the first in the game's first seat (TRN-MOVE-5).
   */
  readonly seated: readonly { readonly entrant: string; readonly name: string }[];
  /**
   * Set only for the extra deal played on top of a knockout game that ended level (TRN-KO-5 (b)):
   * where each seated entrant stood when that game ended, in `seated` order, in the game's own words
   * (its result's `standing`; null where it gave none). The game plays on from there.
   */
  readonly onTopOf?: { readonly standings: readonly (string | null)[] };
}

/** A table's create request, or why this game cannot play it (a 400 naming the field). */
export type TournamentMatchBody =
  | { readonly ok: true; readonly body: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly path: string; readonly message: string };

/** Builds the create request of a tournament table's match for one game. */
export type TournamentMatchBuilder = (input: TournamentTableInput) => TournamentMatchBody;

/** A name as the games' create requests take it (64 characters at most). */
export const clipName = (name: string): string => name.slice(0, 64);
