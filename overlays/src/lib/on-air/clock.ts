import type { ActionClockView } from '@tablecast/protocol';

/**
 * Whole seconds the seat to play has used, from the server's `since`. The delayed feeds show the
 * table as it was `delayMs` ago, so their clock runs against now minus the delay; a frozen page
 * (`still`) passes the view's own `asOf` as now so reference screenshots are stable.
 */
export function clockSeconds(clock: ActionClockView, nowMs: number, delayMs: number): number {
  return Math.max(0, Math.floor((nowMs - delayMs - Date.parse(clock.since)) / 1000));
}

export type ClockLevel = 'ok' | 'warning' | 'over';

/** GD-TIME-1: warned after warningSeconds, a violation after limitSeconds. */
export function clockLevel(clock: ActionClockView, seconds: number): ClockLevel {
  if (clock.limitSeconds !== null && seconds >= clock.limitSeconds) return 'over';
  if (clock.warningSeconds !== null && seconds >= clock.warningSeconds) return 'warning';
  return 'ok';
}
