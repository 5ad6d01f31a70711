import type { DoudizhuEvent } from '../events/catalog';
import { commandFor } from './command-for';
import { decideDoudizhu } from './decide';
import { evolveDoudizhu } from './evolve';
import { sameJson } from './same-events';
import { initialDoudizhuState, type DoudizhuState } from './state';
import type { DdzRuleViolation } from './violation';

export type DdzReplayResult =
  | { readonly ok: true; readonly state: DoudizhuState }
  | (DdzRuleViolation & { readonly index: number; readonly state: DoudizhuState });

/**
 * Replays a stream by re-deciding it: each event that records a decision is turned back into the
 * command that caused it, the decider runs on the state so far, and its events must equal the
 * recorded ones. So a stream passes only if the engine itself would have written it (DDZ-GEN-2:
 * the software prevents every breach); the first event that breaks a rule, or that the engine
 * would not have produced, is reported with its index and the state before it.
 */
export function replayChecked(events: readonly DoudizhuEvent[]): DdzReplayResult {
  let state = initialDoudizhuState();
  let i = 0;
  while (i < events.length) {
    const command = commandFor(events, i, state);
    if (command === null) {
      return {
        ok: false,
        index: i,
        state,
        rule: 'DDZ-GEN-2',
        message: `event ${events[i]?.type ?? '?'} at ${String(i)} is not the start of any decision`,
        messageZh: `第 ${String(i)} 个事件不是任何裁定的开始`,
      };
    }
    const decision = decideDoudizhu(command, state);
    if (!decision.ok) return { ...decision, index: i, state };
    const differs = decision.events.findIndex((event, k) => !sameJson(events[i + k], event));
    if (differs >= 0) return { ...mismatch(events, i + differs, decision.events[differs]), state };
    for (const event of decision.events) state = evolveDoudizhu(state, event);
    i += decision.events.length;
  }
  return { ok: true, state };
}

/** DDZ-GEN-2: the recorded event at `at` is not the one the rules record there (or is missing). */
function mismatch(
  events: readonly DoudizhuEvent[],
  at: number,
  wanted: DoudizhuEvent | undefined,
): DdzRuleViolation & { readonly index: number } {
  const expected = wanted?.type ?? '?';
  const found = events[at];
  const where = String(at);
  return {
    ok: false,
    index: at,
    rule: 'DDZ-GEN-2',
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
