/**
 * The scoring rulesets: `cga2017` is 000 (the 26-point table, 2:0 or 1:1 match points),
 * `cesa2023` is 003 (the 2023 table with graded match points).
 */
export type Ruleset = 'cga2017' | 'cesa2023';

/** What one side took from a round: match points in tenths, level points, the raw level difference. */
export interface SideScore {
  readonly matchTenths: number;
  readonly levelPoints: number;
  /** Own final level index minus the opponent's (signed, uncapped); 0 where no deal decided it. */
  readonly levelDifference: number;
}

/**
 * How a round ended for a pairing: played out; forfeited by one side (late, penalty, withdrawal);
 * a bye (one side, no opponent).
 */
export type ResultKind = 'played' | 'forfeit' | 'bye';

export interface Side extends SideScore {
  readonly entrant: string;
}

/**
 * One recorded result of a round. `id` names the match: a correction records the same id with a
 * higher `revision`, so the latest revision wins whatever the order of arrival.
 */
export interface ScoredResult {
  readonly id: string;
  readonly revision: number;
  readonly round: number;
  readonly kind: ResultKind;
  readonly a: Side;
  /** Null for a bye. */
  readonly b: Side | null;
  /** For a forfeit, the entrant who forfeited. */
  readonly forfeitedBy?: string;
}

/** A rule breach as a value: the rule ID and what was wrong. */
export interface RuleError {
  readonly ok: false;
  readonly rule: string;
  readonly message: string;
}
