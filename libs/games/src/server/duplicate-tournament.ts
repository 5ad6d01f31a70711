import { clipName, type TournamentMatchBuilder } from './tournament-match';

/** A duplicate game at a tournament table: its id, its seats as its create request names them, its rulesets by name. */
interface DuplicateTableGame {
  readonly game: string;
  readonly seats: readonly (number | string)[];
  readonly rulesets: Readonly<Record<string, unknown>>;
}

/**
 * Dou Dizhu or Big Two at a duplicate Swiss table (TRN-MOVE-4/5): one player per seat, the seated
 * entrants in the game's seat order, each player the entrant itself; the event's ruleset by name.
 * The match plays whatever boards the organiser deals it from the round's board set, and its
 * operator ends it: the unit of play is not the match's to count.
 */
export function duplicateTournamentMatch(game: DuplicateTableGame): TournamentMatchBuilder {
  return ({ tournament, table, seated }) => {
    if (seated.length !== game.seats.length)
      return {
        ok: false,
        path: 'tournament.stages.format',
        message: `a ${game.game} table seats ${String(game.seats.length)} players (duplicateSwiss), not ${String(seated.length)}`,
      };
    const ruleset = game.rulesets[tournament.ruleset];
    if (ruleset === undefined)
      return {
        ok: false,
        path: 'tournament.ruleset',
        message: `${game.game} is played under ${Object.keys(game.rulesets).join(', ')}, not ${tournament.ruleset}`,
      };
    return {
      ok: true,
      body: {
        game: game.game,
        matchId: table.matchId,
        table: table.venueTable,
        ruleset,
        players: seated.map(({ entrant, name }, i) => ({
          id: entrant,
          name: clipName(name),
          seat: game.seats[i],
        })),
      },
    };
  };
}
