import { teamOf, type Team } from '../model/seats';
import type { LadderStep } from '../ruleset/escalation';
import type { MatchState } from './state';

export type Sanction = 'warning' | 'violation' | 'foul';

const SEVERITY: Readonly<Record<Sanction, number>> = { warning: 0, violation: 1, foul: 2 };

/** The more severe of two sanctions (warning < violation < foul, 000 第十六条). */
export function severer(a: Sanction, b: Sanction): Sanction {
  return SEVERITY[b] > SEVERITY[a] ? b : a;
}

export interface LadderPosition {
  /** This breach is the pair's `count`-th of the ladder's rules in its scope (game or deal). */
  readonly count: number;
  readonly step: LadderStep;
  readonly per: 'game' | 'deal';
}

/**
 * Where a new breach of `rule` by `team` sits on the ruleset's ladder for that rule (GD-PEN-13/14,
 * GD-RPT-2/3, GD-VAR-004-9), counting the pair's earlier penalties recorded under the same rules;
 * null when no ladder names the rule.
 */
export function ladderPosition(state: MatchState, team: Team, rule: string): LadderPosition | null {
  const ladder = state.ruleset.penaltyEscalation.ladders.find((l) => l.rules.includes(rule));
  if (ladder === undefined) return null;
  const from = ladder.per === 'deal' ? (state.hand?.penaltiesBefore ?? state.penalties.length) : 0;
  const earlier = state.penalties
    .slice(from)
    .filter((p) => teamOf(p.seat) === team && ladder.rules.includes(p.rule)).length;
  const count = earlier + 1;
  const n = ladder.steps.length;
  const index = ladder.cycle ? (count - 1) % n : Math.min(count, n) - 1;
  const step = ladder.steps[index] ?? 'warning';
  return { count, step, per: ladder.per };
}

/** How many penalties of `sanction` the pair has in this game (GD-PEN-4/5 count them). */
export function countSanctions(state: MatchState, team: Team, sanction: Sanction): number {
  return state.penalties.filter((p) => p.sanction === sanction && teamOf(p.seat) === team).length;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th'}`;
}
