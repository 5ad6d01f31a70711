import type { DuplicateStandingsView, StandingTiebreakView } from '@tablecast/protocol';
import {
  duplicateChain,
  duplicateEventStandings,
  isDuplicateGame,
  tiebreakStepLabel,
  type StepExplanation,
  type TournamentState,
} from '@tablecast/tournament';
import { stepValueText } from './step-value-text';

/**
 * A duplicate event's standings for the tournament feed (Dou Dizhu, Big Two): each player's rank,
 * final score S (TRN-MP-5) and boards, and the values of the game's tie-break steps after S
 * (TRN-TB-4, TRN-TB-5), ranked exactly as the REST standings rank them. Null for a game of pairs.
 */
export function duplicateFeedStandings(state: TournamentState): DuplicateStandingsView | null {
  const game = state.created?.game ?? '';
  if (!isDuplicateGame(game)) return null;
  // The chain's shape does not depend on the players: its steps name the legend before any result.
  const chain = duplicateChain(game, new Map(), []);
  return {
    scoring: 'duplicate',
    rule: chain.rule,
    rows: duplicateEventStandings(state).map((row) => {
      const after = row.tiebreaks.filter((t) => t.key !== 'S');
      return {
        rank: row.rank,
        entrant: row.player,
        S: row.S,
        boards: row.boards.length,
        tiebreaks: after.map((t): StandingTiebreakView => ({
          rule: t.rule,
          key: t.key,
          value: stepValueText(t.value),
        })),
        decidedBy: stepsTaken(after),
      };
    }),
    tiebreakOrder: chain.steps
      .map((step, i) => ({
        step: i + 1,
        rule: chain.rule,
        key: step.key,
        method: step.method,
        label: tiebreakStepLabel(step.key),
      }))
      .filter((step) => step.key !== 'S'),
  };
}

/**
 * The steps after S that were taken for a row: each step is applied to the players still equal on
 * every earlier one (`among`), so the steps taken are those where the row was not alone yet.
 */
function stepsTaken(after: readonly StepExplanation[]): number {
  return after.filter((t) => t.among.count > 1).length;
}
