import type { BigTwoEvent } from '../events/catalog';
import { commandFor } from './command-for';
import { decideBigTwo } from './decide';
import { evolveBigTwo } from './evolve';
import { sameJson } from './same-events';
import { initialBigTwoState, type BigTwoState } from './state';
import type { B2RuleViolation } from './violation';

export type B2ReplayResult =
  | { readonly ok: true; readonly state: BigTwoState }
  | (B2RuleViolation & { readonly index: number; readonly state: BigTwoState });

/**
 * Replays a stream by re-deciding it: each event that records a decision is turned back into the
 * command that caused it, the decider runs on the state so far, and its events must equal the
 * recorded ones. So a stream passes only if the engine itself would have written it (B2-GEN-2:
 * the software prevents every breach); the first event that breaks a rule, or that the engine
 * would not have produced, is reported with its index and the state before it.
 */
export function replayChecked(events: readonly BigTwoEvent[]): B2ReplayResult {
  let state = initialBigTwoState();
  let i = 0;
  while (i < events.length) {
    const command = commandFor(events, i, state);
    if (command === null) {
      return {
        ok: false,
        index: i,
        state,
        rule: 'B2-GEN-2',
        message: `event ${events[i]?.type ?? '?'} at ${String(i)} is not the start of any decision`,
        messageZh: `第 ${String(i)} 个事件不是任何裁定的开始`,
      };
    }
    const decision = decideBigTwo(command, state);
    if (!decision.ok) return { ...decision, index: i, state };
    const differs = decision.events.findIndex((event, k) => !sameJson(events[i + k], event));
    if (differs >= 0) return { ...mismatch(events, i + differs, decision.events[differs]), state };
    for (const event of decision.events) state = evolveBigTwo(state, event);
    i += decision.events.length;
  }
  return { ok: true, state };
}

/** B2-GEN-2: the recorded event at `at` is not the one the rules record there (or is missing). */
function mismatch(
  events: readonly BigTwoEvent[],
  at: number,
  wanted: BigTwoEvent | undefined,
): B2RuleViolation & { readonly index: number } {
  const expected = wanted?.type ?? '?';
  const found = events[at];
  const where = String(at);
  return {
    ok: false,
    index: at,
    rule: 'B2-GEN-2',
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
