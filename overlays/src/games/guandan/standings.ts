import type { Team } from '@tablecast/guandan/view';
import type { MatchView } from '@tablecast/protocol';

export interface TeamStanding {
  readonly team: Team;
  readonly level: number;
  readonly dealsWon: number;
  readonly doubleDowns: number;
  readonly levelsGained: number;
}

/**
 * Match standings from the deal history the server sends (integers only, STYLE 7): current level,
 * deals won, double-downs, levels gained, best first. Tournament standings (several matches) do
 * not exist in the feed yet: no read model publishes them, so this page shows the one match.
 */
export function matchStandings(view: MatchView): TeamStanding[] {
  const row = (team: Team): TeamStanding => {
    const won = view.history.filter((h) => h.winningTeam === team);
    return {
      team,
      level: view.levels[team],
      dealsWon: won.length,
      doubleDowns: won.filter((h) => h.doubleDown).length,
      levelsGained: won.reduce((sum, h) => sum + h.levelUp, 0),
    };
  };
  return [row('NS'), row('EW')].sort((a, b) => b.level - a.level || b.dealsWon - a.dealsWon);
}
