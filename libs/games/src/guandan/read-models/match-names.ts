import type { TablecastEvent } from '@tablecast/events';
import { isGuandanMatchCreated } from '../../catalog/guandan-events';
import type { MatchNames } from '@tablecast/protocol';

/**
 * Who sits where and the pairs' names, from the match's opening event: null unless it is a
 * Guandan MatchCreated (a very old stream, or another game's, whose seats these names do not fit). Shared by the arbitration replay and the staff state.
 */
export function matchNamesOf(first: TablecastEvent | undefined): MatchNames | null {
  if (!isGuandanMatchCreated(first)) return null;
  const players = { S: '', E: '', N: '', W: '' };
  for (const player of first.data.players) players[player.seat] = player.name;
  return { players, teams: { NS: first.data.teams.NS.name, EW: first.data.teams.EW.name } };
}
