import { clipName, type TournamentMatchBuilder } from './tournament-match';

/**
 * Guandan at a tournament table: the pairing's first pair sits NS (S and N), the second EW, as the
 * tournament scores the game's first side for the pairing's first pair; a pair named "A/B" gives
 * its two players' names. The event's unit of play (TRN-EVT-3: `games` deals) is the match's
 * fixed number of deals (GD-FMT-2).
 */
export const guandanTournamentMatch: TournamentMatchBuilder = ({ tournament, table, seated }) => {
  const [first, second] = seated;
  if (seated.length !== 2 || first === undefined || second === undefined)
    return {
      ok: false,
      path: 'tournament.stages.format',
      message: `a Guandan table plays one pairing of two pairs, not ${String(seated.length)} entrants`,
    };
  const side = ({ entrant, name }: { entrant: string; name: string }) => {
    const players = name.split('/').map((p) => p.trim());
    const [one, two] =
      players.length === 2 && players.every((p) => p.length > 0) ? players : [`${name} 1`, `${name} 2`];
    return {
      team: { id: entrant, name: clipName(name) },
      players: [
        { id: `${entrant}.1`, name: clipName(one ?? name) },
        { id: `${entrant}.2`, name: clipName(two ?? name) },
      ],
    };
  };
  const a = side(first);
  const b = side(second);
  return {
    ok: true,
    body: {
      game: 'guandan',
      matchId: table.matchId,
      table: table.venueTable,
      ruleset: tournament.ruleset,
      format: { kind: 'fixedDeals', deals: tournament.unit.games },
      teams: { NS: a.team, EW: b.team },
      players: [
        { ...a.players[0], seat: 'S' },
        { ...b.players[0], seat: 'E' },
        { ...a.players[1], seat: 'N' },
        { ...b.players[1], seat: 'W' },
      ],
    },
  };
};
