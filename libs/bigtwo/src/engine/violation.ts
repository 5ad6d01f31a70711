/**
 * A rejected command: the B2-* rule it breaks, in English and Chinese. `stale` marks a turn-clock
 * default sent against a state that has since moved on: a concurrency conflict, not a breach.
 */
export interface B2RuleViolation {
  readonly ok: false;
  readonly rule: string;
  readonly message: string;
  readonly messageZh: string;
  readonly stale?: true;
}

export function b2Violation(rule: string, message: string, messageZh: string): B2RuleViolation {
  return { ok: false, rule, message, messageZh };
}
