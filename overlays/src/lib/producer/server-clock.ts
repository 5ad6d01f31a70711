import type { DelayClockView } from './producer-types';

/**
 * Countdowns run on the server's clock: the dashboard's laptop may be seconds off, and "live in
 * 0:05" must mean the moment the server releases the feed. Each answer carries `serverNow`; the
 * offset is taken when it arrives (half a poll's round trip at worst, well under a second).
 */
export function serverOffsetMs(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

export type DelayCountdown =
  | { readonly kind: 'none' }
  | { readonly kind: 'live'; readonly delaySeconds: number }
  /** `secondsLeft` null: building with no end known yet (no event recorded since the change). */
  | { readonly kind: 'building'; readonly delaySeconds: number; readonly secondsLeft: number | null }
  /** The delay was raised on air: the broadcast holds still, `secondsLeft` behind until rebuilt. */
  | { readonly kind: 'behind'; readonly delaySeconds: number; readonly secondsLeft: number };

/** What the delay clock shows at `serverNowMs` (the laptop's clock plus the server offset). */
export function delayCountdown(delay: DelayClockView | null, serverNowMs: number): DelayCountdown {
  if (delay === null) return { kind: 'none' };
  if (delay.feedState === 'live') return { kind: 'live', delaySeconds: delay.delaySeconds };
  const endsAt = delay.buildingEndsAt === null ? Number.NaN : Date.parse(delay.buildingEndsAt);
  const secondsLeft = Number.isNaN(endsAt) ? null : Math.max(0, Math.ceil((endsAt - serverNowMs) / 1000));
  if (delay.feedState === 'behind' && secondsLeft !== null) {
    return { kind: 'behind', delaySeconds: delay.delaySeconds, secondsLeft };
  }
  return {
    kind: 'building',
    delaySeconds: delay.delaySeconds,
    // Rounded up: "0:01" until the very moment it goes live, never "0:00" while still building.
    secondsLeft,
  };
}

/** m:ss (or h:mm:ss) for a countdown or a delay length. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${String(h)}:${String(m).padStart(2, '0')}:${s}` : `${String(m)}:${s}`;
}
