import type { BusSubscriptionHealth } from '../port';

/**
 * Whether a Confluent consumer fetches, from each cause that can stop it: its brokers unreachable
 * (`watchBrokerReachability`), or its partitions lost with its group session (an outage longer
 * than the session timeout: librdkafka revokes them as lost and rejoins, and fetches nothing until
 * the rejoin assigns them again). Each cause is set and cleared on its own, so brokers answering
 * again do not make a consumer that is still rejoining look live. Reports changes only; a
 * subscription starts live (`subscribe()` resolves after its first assignment).
 */
export class ConsumerHealth {
  private readonly down = new Map<string, string>();
  private lastReported: BusSubscriptionHealth = { live: true };

  constructor(private readonly onHealth: (health: BusSubscriptionHealth) => void) {}

  /** What `cause` says now; the consumer is live only once no cause says it is down. */
  set(cause: string, health: BusSubscriptionHealth): void {
    if (health.live) this.down.delete(cause);
    else this.down.set(cause, health.reason);
    const now: BusSubscriptionHealth =
      this.down.size === 0 ? { live: true } : { live: false, reason: [...this.down.values()].join('; ') };
    if (sameHealth(now, this.lastReported)) return;
    this.lastReported = now;
    this.onHealth(now);
  }
}

function sameHealth(a: BusSubscriptionHealth, b: BusSubscriptionHealth): boolean {
  return a.live ? b.live : !b.live && a.reason === b.reason;
}
