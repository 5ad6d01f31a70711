/**
 * The arbitration parameters of a match, from the ruleset it records in MatchCreated: the appeal
 * window and answer time (GD-APL-1/2, `ruleset.appeals`) and, by the ruleset's name, the score
 * correction windows of the 2023 regulations (GD-VAR-003-16), which the engine does not need.
 */
export interface ArbitrationRules {
  /** GD-APL-1: an appeal must be lodged within this long after the end of the round. */
  readonly appealWindowMs: number;
  /** GD-APL-2: the committee answers within this long (reported, not enforced: the committee is final). */
  readonly answerWithinMs: number;
  /**
   * GD-VAR-003-16 / TRN-SWISS-9: the 2023 windows for score corrections; null where the base rules
   * apply (GD-APL-3: the chief arbiter may correct a tabulation error at any time).
   */
  readonly scoreCorrectionWindows: {
    /** A data-entry error may be raised up to this long after the next round's pairings are published. */
    readonly entryErrorAfterPairingsMs: number;
  } | null;
}

/** What arbitration reads of the ruleset a match records: its name and its appeal times. */
export interface RulesetAppeals {
  readonly name: string;
  readonly appeals: { readonly windowMinutes: number; readonly answerMinutes: number };
}

const MINUTE = 60_000;

/** Rulesets under the 2023 regulations (003), whose score corrections have windows. */
const WITH_2023_CORRECTION_WINDOWS = new Set(['cesa2023']);

export function arbitrationRulesFor(ruleset: RulesetAppeals): ArbitrationRules {
  return {
    appealWindowMs: ruleset.appeals.windowMinutes * MINUTE,
    answerWithinMs: ruleset.appeals.answerMinutes * MINUTE,
    scoreCorrectionWindows: WITH_2023_CORRECTION_WINDOWS.has(ruleset.name)
      ? { entryErrorAfterPairingsMs: 5 * MINUTE }
      : null,
  };
}

/** An arbitration rule refused the request: the rule ID and a message in English and Chinese. */
export interface ArbitrationViolation {
  readonly ok: false;
  readonly rule: string;
  readonly message: string;
  readonly messageZh: string;
}

export function arbitrationViolation(rule: string, message: string, messageZh: string): ArbitrationViolation {
  return { ok: false, rule, message, messageZh };
}

/** GD-APL-2 (DDZ-APL-2 alike): when the committee's answer to an appeal filed at `filedAt` (ms) is due. */
export function appealAnswerDue(rules: ArbitrationRules, filedAt: number): number {
  return filedAt + rules.answerWithinMs;
}

/** Whether a ruleset a match records carries the appeal times arbitration reads (`RulesetAppeals`). */
export function hasAppealTimes(ruleset: unknown): ruleset is RulesetAppeals {
  if (typeof ruleset !== 'object' || ruleset === null) return false;
  const { name, appeals } = ruleset as { name?: unknown; appeals?: unknown };
  if (typeof name !== 'string' || typeof appeals !== 'object' || appeals === null) return false;
  const { windowMinutes, answerMinutes } = appeals as { windowMinutes?: unknown; answerMinutes?: unknown };
  return typeof windowMinutes === 'number' && typeof answerMinutes === 'number';
}
