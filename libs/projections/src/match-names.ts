import type { TablecastEvent } from '@tablecast/events';
import type { MatchNames } from '@tablecast/protocol';

/**
 * Who sits where and the pairs' names, from the match's opening event: null unless it is a
 * MatchCreated (a very old stream). Shared by the arbitration replay and the staff state.
 */
export function matchNamesOf(first: TablecastEvent | undefined): MatchNames | null {
  if (first?.type !== 'MatchCreated') return null;
  const players = { S: '', E: '', N: '', W: '' };
  for (const player of first.data.players) players[player.seat] = player.name;
  return { players, teams: { NS: first.data.teams.NS.name, EW: first.data.teams.EW.name } };
}
