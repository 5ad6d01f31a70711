import type { PerSeat, Seat } from '@tablecast/guandan/view';
import type { MatchNames } from '@tablecast/protocol';

/*
 * MatchState holds the players' ids (the referee's paperwork uses them); the operator reads the
 * names MatchCreated gave. `names` is null (or absent, from an older server) when the match has
 * no MatchCreated: then the ids are all there is to show.
 */

/** The pair's seats in the order the console lists them. */
const PAIRS = { NS: ['S', 'N'], EW: ['E', 'W'] } as const satisfies Record<'NS' | 'EW', readonly Seat[]>;

/** The seat's player as the operator reads them: the name, or the id without names. */
export function playerName(names: MatchNames | null | undefined, ids: PerSeat<string>, seat: Seat): string {
  return given(names?.players[seat]) ?? ids[seat];
}

/** A pair as the appeal form offers it: the team's name (null without names) and its players. */
export function pairPeople(
  names: MatchNames | null | undefined,
  ids: PerSeat<string>,
  team: 'NS' | 'EW',
): { readonly team: string | null; readonly players: readonly string[] } {
  return {
    team: given(names?.teams[team]),
    players: PAIRS[team].map((seat) => playerName(names, ids, seat)),
  };
}

/** A name MatchCreated left empty is no name: the id (or the side) reads better than a blank. */
function given(name: string | undefined): string | null {
  return name === undefined || name === '' ? null : name;
}
