import type { TimeoutStamp } from './commands';
import type { DoudizhuState } from './state';
import { ddzViolation, type DdzRuleViolation } from './violation';

/**
 * A turn-clock default is valid only against the state it timed: a move recorded first wins and
 * the late default is refused as stale (boardgame.io's `_stateID` guard).
 */
export function staleTimeout(
  timeout: TimeoutStamp | undefined,
  state: DoudizhuState,
  rule: string,
): DdzRuleViolation | null {
  if (timeout === undefined || timeout.revision === state.revision) return null;
  return {
    ...ddzViolation(
      rule,
      `stale timeout: it timed revision ${String(timeout.revision)}, the match is at ${String(state.revision)}`,
      `超时指令已过时：计时于第${String(timeout.revision)}版，比赛已到第${String(state.revision)}版`,
    ),
    stale: true,
  };
}
