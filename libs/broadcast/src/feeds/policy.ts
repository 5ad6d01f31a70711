import type { Audience } from '@tablecast/bus';
import { ruleFor } from './audience-rules';

/** The security delay: hole cards reach the broadcast two minutes after they were dealt, unless set per match. */
export const DEFAULT_BROADCAST_DELAY_MS = 120_000;

/**
 * A delayed audience with no delay would be a live full-information feed, which is exactly what
 * staff alone may have: zero is the minimum only for staff. One second is a floor for tests and
 * rehearsals, not a sensible on-air value.
 */
export const MIN_BROADCAST_DELAY_MS = 1_000;

/** The per-match release policy: how long the delayed audiences wait behind the table. */
export interface FeedPolicy {
  readonly matchId: string;
  readonly broadcastDelayMs: number;
}

export class FeedPolicyError extends Error {
  override readonly name = 'FeedPolicyError';
}

export function feedPolicy(
  matchId: string,
  options: { readonly broadcastDelayMs?: number } = {},
): FeedPolicy {
  const broadcastDelayMs = options.broadcastDelayMs ?? DEFAULT_BROADCAST_DELAY_MS;
  if (!Number.isSafeInteger(broadcastDelayMs) || broadcastDelayMs < MIN_BROADCAST_DELAY_MS) {
    throw new FeedPolicyError(
      `broadcast delay of match ${matchId} must be a whole number of ms >= ${String(MIN_BROADCAST_DELAY_MS)}, got ${String(broadcastDelayMs)}`,
    );
  }
  return { matchId, broadcastDelayMs };
}

/** How long after an event's recorded time the audience may receive it. */
export function releaseDelayMs(policy: FeedPolicy, audience: Audience): number {
  return ruleFor(audience).delayed ? policy.broadcastDelayMs : 0;
}
