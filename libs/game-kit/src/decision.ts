/**
 * A rejected command: the rule it breaks (an ID from the module's rule vocabulary, e.g. GD-PLAY-2
 * or DDZ-BID-3), in English and Chinese. Deciders return these as values and never throw for bad
 * input: a rejection is an answer, not an error.
 */
export interface RuleViolation {
  readonly ok: false;
  readonly rule: string;
  readonly message: string;
  readonly messageZh: string;
}

/** What a decider answers: the events the command causes, in order, or the rule it breaks. */
export type Decision<E> = { readonly ok: true; readonly events: readonly E[] } | RuleViolation;

/** A decision with the state its events fold the given state to: `evolve` over them, in order. */
export type FoldedDecision<S, E> =
  { readonly ok: true; readonly events: readonly E[]; readonly state: S } | RuleViolation;

export function violation(rule: string, message: string, messageZh: string): RuleViolation {
  return { ok: false, rule, message, messageZh };
}

export function isViolation(value: unknown): value is RuleViolation {
  return typeof value === 'object' && value !== null && 'ok' in value && value.ok === false;
}
