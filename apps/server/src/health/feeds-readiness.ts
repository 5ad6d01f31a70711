import type { ReadinessCheck } from './readiness.service';

/** What the feeds check reads from the feed producer (kept narrow so health needs no broadcast import). */
export interface FeedsHealthSource {
  /** Set when the producer's log subscription failed: the delayed feeds are held back. */
  readonly failure: Error | undefined;
  /** False when the release clock guard tripped at its last check (wall vs monotonic clock). */
  readonly clockHealthy: boolean;
}

export const FEEDS_CHECK = 'feeds';

/** The `feeds` readiness check: 503 while the feeds fail closed for a log or clock fault. */
export function feedsReadiness(source: FeedsHealthSource): ReadinessCheck {
  if (source.failure !== undefined) {
    return { name: FEEDS_CHECK, ok: false, detail: `log subscription failed: ${source.failure.message}` };
  }
  if (!source.clockHealthy) {
    return { name: FEEDS_CHECK, ok: false, detail: 'release clock disagrees with the monotonic clock' };
  }
  return { name: FEEDS_CHECK, ok: true };
}
