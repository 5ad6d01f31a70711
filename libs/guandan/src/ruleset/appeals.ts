import type { Ruleset } from './ruleset';

const MINUTE = 60_000;

/**
 * GD-APL-1: an appeal must be lodged within the ruleset's window (30 minutes in 000) after the end
 * of the round; later appeals are invalid. Times are ms, as commands carry them (no clock here).
 * The arbitration workflow itself (filing, written and signed, the committee) lives outside the
 * rules engine; it asks the engine only for these limits.
 */
export function appealInTime(ruleset: Ruleset, roundEndedAt: number, filedAt: number): boolean {
  return filedAt >= roundEndedAt && filedAt <= roundEndedAt + ruleset.appeals.windowMinutes * MINUTE;
}

/** GD-APL-2: the committee must answer within the ruleset's limit (2 hours in 000) of the filing. */
export function appealAnswerDue(ruleset: Ruleset, filedAt: number): number {
  return filedAt + ruleset.appeals.answerMinutes * MINUTE;
}
