/**
 * How many times a client sends a command again by itself after the server refused it for a while
 * (the event log busy or unreachable: 503 with `retryAfterSeconds`) before it shows the refusal.
 */
export const MAX_TEMPORARY_RESENDS = 3;

/**
 * The wait in ms before sending a refused command again, unchanged (same idempotency key: the
 * server did nothing of it), or undefined when it is not to be sent again: the refusal carries no
 * `retryAfterSeconds` (waiting would not change it), or it was sent again enough times.
 */
export function resendDelayMs(retryAfterSeconds: unknown, resendsSoFar: number): number | undefined {
  if (typeof retryAfterSeconds !== 'number' || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds < 0)
    return undefined;
  return resendsSoFar < MAX_TEMPORARY_RESENDS ? retryAfterSeconds * 1000 : undefined;
}
