import type { TimeoutStamp } from './commands';
import type { BigTwoState } from './state';
import { b2Violation, type B2RuleViolation } from './violation';

/**
 * A turn-clock default is valid only against the state it timed: a choice recorded first wins and
 * the late default is refused as stale.
 */
export function staleTimeout(
  timeout: TimeoutStamp | undefined,
  state: BigTwoState,
  rule: string,
): B2RuleViolation | null {
  if (timeout === undefined || timeout.revision === state.revision) return null;
  return {
    ...b2Violation(
      rule,
      `stale timeout: it timed revision ${String(timeout.revision)}, the match is at ${String(state.revision)}`,
      `超时指令已过时：计时于第${String(timeout.revision)}版，比赛已到第${String(state.revision)}版`,
    ),
    stale: true,
  };
}
