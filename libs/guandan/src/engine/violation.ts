/**
 * A rejected command: the rule it breaks (a GD-* rule ID from the digest), in English and Chinese.
 * The decider returns these as values and never throws for bad input (STYLE habit 3).
 */
export interface RuleViolation {
  readonly ok: false;
  readonly rule: string;
  readonly message: string;
  readonly messageZh: string;
}

export function violation(rule: string, message: string, messageZh: string): RuleViolation {
  return { ok: false, rule, message, messageZh };
}

export function isViolation(value: unknown): value is RuleViolation {
  return typeof value === 'object' && value !== null && 'ok' in value && value.ok === false;
}
