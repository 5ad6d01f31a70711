import { RANKS, type Rank } from '@tablecast/cards';
import { clipName, type TournamentMatchBuilder, type TournamentTableInput } from './tournament-match';

/**
 * Guandan at a tournament table: the pairing's first pair sits NS (S and N), the second EW, as the
 * tournament scores the game's first side for the pairing's first pair; a pair named "A/B" gives
 * its two players' names. The event's unit of play (TRN-EVT-3: `games` deals) is the match's
 * fixed number of deals (GD-FMT-2).
 */
export const guandanTournamentMatch: TournamentMatchBuilder = (input) => {
  const { tournament, table, seated } = input;
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
  const startLevel = extraDealLevel(input.onTopOf);
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
      ...(startLevel === null ? {} : { startLevel }),
    },
  };
};

/**
 * DEC-GD-15: the extra deal on top of a level game is played at the level both pairs stood on when
 * it ended (a level game leaves them on one level, GD-SCORE-2), so the create request starts the
 * match there. A game whose result gave no level (recorded before results carried it) starts at 2,
 * as any game (GD-LVL-2): the extra deal still separates the pairs (GD-FMT-6).
 */
function extraDealLevel(onTopOf: TournamentTableInput['onTopOf']): Rank | null {
  if (onTopOf === undefined) return null;
  const [a, b] = onTopOf.standings;
  const level = RANKS.find((rank) => rank === a);
  return level !== undefined && a === b ? level : null;
}
