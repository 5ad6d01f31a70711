import type { FeedStatus } from '@tablecast/protocol';
import type { FeedLink } from '../feed/feed-state';

/** What the spectator is watching: the live broadcast (delayed by N s), the delay building, or nothing yet. */
export type FeedIndicator =
  | { readonly kind: 'live'; readonly delaySeconds: number }
  | { readonly kind: 'building'; readonly resumesInSeconds: number | null }
  | { readonly kind: 'connecting' };

export function feedIndicator(connection: FeedLink, status: FeedStatus | null, nowMs: number): FeedIndicator {
  if (connection !== 'open' || status === null) return { kind: 'connecting' };
  if (status.state === 'delayBuilding') {
    return {
      kind: 'building',
      resumesInSeconds:
        status.resumesAt === null ? null : Math.max(0, Math.ceil((status.resumesAt - nowMs) / 1000)),
    };
  }
  return { kind: 'live', delaySeconds: Math.round(status.delayMs / 1000) };
}
