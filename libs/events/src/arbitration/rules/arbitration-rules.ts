/**
 * The arbitration parameters of a ruleset. They are read by ruleset name rather than stored in
 * MatchCreated's ruleset, because the regulations may change them between rounds without changing
 * how a single game is played, and a stored match must not carry a stale copy of them.
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

const MINUTE = 60_000;

const base: ArbitrationRules = {
  appealWindowMs: 30 * MINUTE,
  answerWithinMs: 120 * MINUTE,
  scoreCorrectionWindows: null,
};

const byRuleset: Readonly<Record<string, ArbitrationRules>> = {
  cga2017: base,
  house004: base,
  cesa2023: { ...base, scoreCorrectionWindows: { entryErrorAfterPairingsMs: 5 * MINUTE } },
};

/** The rules of a ruleset by name; an unknown name gets the base rules of 000 (GD-APL-*). */
export function arbitrationRulesFor(rulesetName: string): ArbitrationRules {
  return byRuleset[rulesetName] ?? base;
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
