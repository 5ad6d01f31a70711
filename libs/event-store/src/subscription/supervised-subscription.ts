import type { StoredEvent, Subscription } from '../port';
import type { Position } from '../position';

/** How a supervised subscription stands: delivering, or waiting to resubscribe after a failure. */
export type SubscriptionStatus =
  | { readonly state: 'live' }
  | {
      readonly state: 'retrying';
      readonly attempt: number;
      readonly error: Error;
      readonly retryInMs: number;
    }
  | { readonly state: 'closed' };

export interface Supervision {
  /** The wait before resubscribing after the n-th failure in a row (n from 1). */
  readonly retryDelayMs?: (attempt: number) => number;
  readonly onStatus?: (status: SubscriptionStatus) => void;
  /**
   * After resubscribing, how long without a failure before it counts as live again when no event
   * arrives to prove it sooner (KurrentDB accepts a subscription and fails it a moment later).
   */
  readonly settleMs?: number;
}

/** The log's subscription ended although nobody closed it: a dropped connection, as far as we know. */
export class SubscriptionEndedError extends Error {
  constructor() {
    super('the log subscription ended without being closed');
    this.name = 'SubscriptionEndedError';
  }
}

/** 100 ms, doubling, at most 5 s: a leader election or a restarted store is back within a few tries. */
export const defaultRetryDelayMs = (attempt: number): number => Math.min(5_000, 100 * 2 ** (attempt - 1));

/**
 * A subscription that survives its connection. KurrentDB's subscription errors on any gRPC
 * failure and never resubscribes by itself; a read model or a feed built on it would stop for
 * good, with nothing saying so. This one resubscribes with backoff from the last event it
 * delivered (the port's `fromPosition` is exclusive, so nothing is delivered twice or skipped),
 * treats an end nobody asked for as a failure, and reports each change of state so readiness can
 * tell the truth. Errors the consumer throws are the consumer's: they end the subscription.
 */
export function superviseSubscription(
  open: (from: Position | 'start') => Subscription<StoredEvent>,
  from: Position | 'start',
  supervision: Supervision = {},
): Subscription<StoredEvent> {
  const retryDelayMs = supervision.retryDelayMs ?? defaultRetryDelayMs;
  const report = supervision.onStatus ?? (() => undefined);
  const settleMs = supervision.settleMs ?? 1_000;
  let closed = false;
  // Read through a call: close() flips it between awaits, which type narrowing cannot see.
  const isClosed = (): boolean => closed;
  let settle: ReturnType<typeof setTimeout> | undefined;
  let retrying = false;
  const live = (): void => {
    clearTimeout(settle);
    if (!retrying || closed) return;
    retrying = false;
    report({ state: 'live' });
  };
  // Opened now rather than at the first pull, so the log's head check measures the head as of
  // subscribing; a first open that throws is retried by the loop like any other failure.
  let first: Subscription<StoredEvent> | undefined;
  try {
    first = open(from);
  } catch {
    first = undefined;
  }
  let current: Subscription<StoredEvent> | undefined = first;
  let cancelWait: (() => void) | undefined;

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        cancelWait = undefined;
        resolve();
      }
      cancelWait = done;
    });

  async function* deliver(): AsyncGenerator<StoredEvent> {
    let position = from;
    let attempt = 0;
    report({ state: 'live' });
    while (!isClosed()) {
      try {
        current = first ?? open(position);
        first = undefined;
        if (retrying) settle = setTimeout(live, settleMs);
        for await (const event of current) {
          if (retrying) live();
          attempt = 0;
          position = event.position;
          yield event;
        }
        if (isClosed()) return;
        throw new SubscriptionEndedError();
      } catch (caught) {
        clearTimeout(settle);
        if (isClosed()) return;
        attempt += 1;
        retrying = true;
        const error = caught instanceof Error ? caught : new Error(String(caught));
        const retryInMs = retryDelayMs(attempt);
        report({ state: 'retrying', attempt, error, retryInMs });
        await current?.close().catch(() => undefined);
        await wait(retryInMs);
      }
    }
  }

  const events = deliver();
  return {
    [Symbol.asyncIterator]: () => events,
    close: async () => {
      if (closed) return;
      closed = true;
      clearTimeout(settle);
      cancelWait?.();
      await current?.close();
      report({ state: 'closed' });
    },
  };
}
