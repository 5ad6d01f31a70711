import type { SubscriptionStatus } from './supervised-subscription';

export interface SubscriptionHealthReport {
  readonly ok: boolean;
  /** Why not, naming the failure and the next try; absent when ok. */
  readonly detail?: string;
}

/** The state of every subscription a store has open, as readiness asks for it. */
export class SubscriptionHealth {
  private readonly statuses = new Map<number, SubscriptionStatus>();
  private next = 0;

  /** A status sink for one new subscription; it forgets the subscription once closed. */
  track(): (status: SubscriptionStatus) => void {
    const id = this.next++;
    return (status) => {
      if (status.state === 'closed') this.statuses.delete(id);
      else this.statuses.set(id, status);
    };
  }

  report(): SubscriptionHealthReport {
    const retrying = [...this.statuses.values()].filter((status) => status.state === 'retrying');
    const first = retrying[0];
    if (first === undefined) return { ok: true };
    return {
      ok: false,
      detail:
        `${String(retrying.length)} log subscription(s) resubscribing after a failure ` +
        `(attempt ${String(first.attempt)}: ${first.error.message}; next try in ${String(first.retryInMs)} ms)`,
    };
  }
}
