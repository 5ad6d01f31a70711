import { gameWire, UnknownGameError, type GameWire, type TournamentTableInput } from '@tablecast/games';
import type { RoundState, TournamentState } from '@tablecast/tournament';
import { RequestValidationError } from '../errors';

/**
 * A started round's table: a pairing of two pairs (`a`, `b`: Guandan), or a duplicate Swiss table
 * of individual players by seat (`seats`: Dou Dizhu, Big Two; TRN-MOVE-4/5).
 */
export type StartedTable =
  | {
      readonly table: number;
      readonly match: string;
      readonly matchId: string;
      readonly a: string;
      readonly b: string;
    }
  | {
      readonly table: number;
      readonly match: string;
      readonly matchId: string;
      readonly group: number;
      readonly seats: readonly string[];
    };

/** A table of the round with who sits there, in seat order, and whether its match is assigned. */
export interface RoundTable {
  readonly match: string;
  readonly table: number;
  readonly matchId: string;
  readonly assigned: boolean;
  readonly seated: readonly string[];
  /** The duplicate Swiss group (TRN-MOVE-3); null for a pairing. */
  readonly group: number | null;
}

/**
 * The round's tables in table order. A pairing (in pairing order, so table 1 is the top pairing, as
 * the 000 pairing sheets number them) seats its first pair then its second; a duplicate table has
 * its number in the hall and its players by seat from the pairing (TRN-MOVE-5).
 */
export function roundTables(round: RoundState, matchIdOf: (table: number) => string): RoundTable[] {
  const pairs = [...round.pairings.values()].map((pairing, i) => {
    const table = pairing.table ?? i + 1;
    return {
      match: pairing.match,
      table,
      matchId: pairing.matchId ?? matchIdOf(table),
      assigned: pairing.matchId !== undefined,
      seated: [pairing.a, pairing.b],
      group: null,
    };
  });
  const tables = [...round.tables.values()].map((seated) => ({
    match: seated.match,
    table: seated.table,
    matchId: seated.matchId ?? matchIdOf(seated.table),
    assigned: seated.matchId !== undefined,
    seated: seated.seats,
    group: seated.group,
  }));
  return [...pairs, ...tables];
}

/** What the start answers for a table. */
export function startedTable(t: RoundTable): StartedTable {
  const [a, b] = t.seated;
  return t.group === null && a !== undefined && b !== undefined
    ? { table: t.table, match: t.match, matchId: t.matchId, a, b }
    : { table: t.table, match: t.match, matchId: t.matchId, group: t.group ?? 1, seats: t.seated };
}

/**
 * The table's match create request, as the event's game builds it from the event, the table and
 * the entrants seated there (their names as registered): the round start knows no game. A game that
 * cannot play the table (a Guandan event seated by the duplicate movement, a ruleset the game has
 * not) is a 400 naming the field.
 */
export function tableMatchBody(
  state: TournamentState,
  unit: { readonly games: number; readonly bestOf: boolean },
  t: RoundTable,
  venueTable: string,
  onTopOf?: TournamentTableInput['onTopOf'],
): unknown {
  const created = state.created;
  if (created === null) throw new Error('a paired round has a tournament');
  const built = wireOf(created.game).tournamentMatch({
    tournament: { tournamentId: created.tournamentId, ruleset: created.ruleset, unit },
    table: { number: t.table, venueTable, matchId: t.matchId },
    seated: t.seated.map((entrant) => ({ entrant, name: state.entrants.get(entrant)?.name ?? entrant })),
    ...(onTopOf === undefined ? {} : { onTopOf }),
  });
  if (!built.ok) throw new RequestValidationError([{ path: built.path, message: built.message }]);
  return built.body;
}

/** The event's game on the server's side; a game no longer registered is a 400 naming it. */
function wireOf(game: string): GameWire {
  try {
    return gameWire(game);
  } catch (error) {
    if (!(error instanceof UnknownGameError)) throw error;
    throw new RequestValidationError([{ path: 'tournament.game', message: error.message }]);
  }
}
