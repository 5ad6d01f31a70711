import type { RuleViolation } from '../decision';
import { sameJson } from './same-json';

/** What re-deciding a stream needs of a game's engine. */
export interface CheckedReplayEngine<S, E extends { readonly type: string }, C> {
  readonly initial: () => S;
  /** The command the event at `i` records, or null where no decision starts there. */
  readonly commandFor: (events: readonly E[], i: number, state: S) => C | null;
  readonly decide: (
    command: C,
    state: S,
  ) => { readonly ok: true; readonly events: readonly E[] } | RuleViolation;
  readonly evolve: (state: S, event: E) => S;
  /** The game's rule that the software prevents every breach (e.g. DDZ-GEN-2, B2-GEN-2). */
  readonly rule: string;
}

export type CheckedReplayResult<S> =
  { readonly ok: true; readonly state: S } | (RuleViolation & { readonly index: number; readonly state: S });

/**
 * Replays a stream by re-deciding it: each event that records a decision is turned back into the
 * command that caused it, the decider runs on the state so far, and its events must equal the
 * recorded ones. So a stream passes only if the engine itself would have written it (the game's
 * rule that the software prevents every breach); the first event that breaks a rule, or that the
 * engine would not have produced, is reported with its index and the state before it.
 */
export function replayChecked<S, E extends { readonly type: string }, C>(
  events: readonly E[],
  engine: CheckedReplayEngine<S, E, C>,
): CheckedReplayResult<S> {
  let state = engine.initial();
  let i = 0;
  while (i < events.length) {
    const command = engine.commandFor(events, i, state);
    if (command === null) {
      return {
        ok: false,
        index: i,
        state,
        rule: engine.rule,
        message: `event ${events[i]?.type ?? '?'} at ${String(i)} is not the start of any decision`,
        messageZh: `第 ${String(i)} 个事件不是任何裁定的开始`,
      };
    }
    const decision = engine.decide(command, state);
    if (!decision.ok) return { ...decision, index: i, state };
    const differs = decision.events.findIndex((event, k) => !sameJson(events[i + k], event));
    if (differs >= 0) {
      return { ...mismatch(events, i + differs, decision.events[differs], engine.rule), state };
    }
    for (const event of decision.events) state = engine.evolve(state, event);
    i += decision.events.length;
  }
  return { ok: true, state };
}

/** The recorded event at `at` is not the one the rules record there (or is missing). */
function mismatch<E extends { readonly type: string }>(
  events: readonly E[],
  at: number,
  wanted: E | undefined,
  rule: string,
): RuleViolation & { readonly index: number } {
  const expected = wanted?.type ?? '?';
  const found = events[at];
  const where = String(at);
  return {
    ok: false,
    index: at,
    rule,
    message:
      found === undefined
        ? `the stream ends at ${where} inside a decision: the rules also record ${expected}`
        : `event ${found.type} at ${where} differs from what the rules record: ${expected}`,
    messageZh:
      found === undefined
        ? `事件流在第 ${where} 个事件处中断：规则裁定还应记录 ${expected}`
        : `第 ${where} 个事件与规则裁定结果不符（应为 ${expected}）`,
  };
}
