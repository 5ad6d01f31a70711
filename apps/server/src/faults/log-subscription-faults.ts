import type { EventLog, StoredEvent, Subscription } from '@tablecast/event-store';

/** A drop injected into a log subscription: to the supervisor, what a KurrentDB gRPC failure is. */
export class InjectedSubscriptionFault extends Error {
  override readonly name = 'InjectedSubscriptionFault';
  constructor() {
    super('injected fault: the log subscription dropped (FAULT_INJECTION)');
  }
}

export interface LogSubscriptionFaults {
  /** Fails every log subscription open now at its next pull; returns how many it dropped. */
  dropAll(): number;
}

/**
 * Fault drills on a running process (TC-SCALE-2): wraps the log's `subscribeToAll` so that every
 * subscription it opens can be made to fail as a dropped connection does, mid-wait, with no event
 * lost from the log. The store's supervisor above it sees an ordinary failure: it reports it to
 * readiness, waits its backoff and resubscribes from the last event it delivered.
 */
export function withLogSubscriptionFaults(log: EventLog): LogSubscriptionFaults {
  const open = new Set<(fault: Error) => void>();
  const subscribeToAll = log.subscribeToAll.bind(log);
  log.subscribeToAll = (options) => {
    const inner = subscribeToAll(options);
    let fail: (fault: Error) => void = () => undefined;
    const dropped = new Promise<never>((_, reject) => {
      fail = reject;
    });
    // Raced on every pull; unobserved until the first pull after the drop.
    dropped.catch(() => undefined);
    open.add(fail);
    const events = inner[Symbol.asyncIterator]();
    const subscription: Subscription<StoredEvent> = {
      [Symbol.asyncIterator]: () => ({
        // An event that loses the race is not delivered, and is read again on the resubscription.
        next: () => Promise.race([events.next(), dropped]),
      }),
      close: () => {
        open.delete(fail);
        return inner.close();
      },
    };
    return subscription;
  };
  return {
    dropAll: () => {
      const failing = [...open];
      open.clear();
      for (const fail of failing) fail(new InjectedSubscriptionFault());
      return failing.length;
    },
  };
}
