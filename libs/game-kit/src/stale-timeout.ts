import { violation, type RuleViolation } from './decision';

/** Set on a command a turn clock sent on a player's behalf: the revision of the state it timed. */
export interface TimeoutStamp {
  readonly revision: number;
}

/**
 * A turn-clock default is valid only against the state it timed: a choice recorded first wins and
 * the late default is refused as stale, naming the clock's rule (e.g. DDZ-BID-6, B2-SHOW-1). Stale
 * is a concurrency conflict, not a breach.
 */
export function staleTimeout(
  timeout: TimeoutStamp | undefined,
  state: { readonly revision: number },
  rule: string,
): (RuleViolation & { readonly stale: true }) | null {
  if (timeout === undefined || timeout.revision === state.revision) return null;
  return {
    ...violation(
      rule,
      `stale timeout: it timed revision ${String(timeout.revision)}, the match is at ${String(state.revision)}`,
      `超时指令已过时：计时于第${String(timeout.revision)}版，比赛已到第${String(state.revision)}版`,
    ),
    stale: true,
  };
}
