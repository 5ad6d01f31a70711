/**
 * A rejected command: the DDZ-* rule it breaks, in English and Chinese. `stale` marks a turn-clock
 * default sent against a state that has since moved on: a concurrency conflict, not a breach.
 */
export interface DdzRuleViolation {
  readonly ok: false;
  readonly rule: string;
  readonly message: string;
  readonly messageZh: string;
  readonly stale?: true;
}

export function ddzViolation(rule: string, message: string, messageZh: string): DdzRuleViolation {
  return { ok: false, rule, message, messageZh };
}
