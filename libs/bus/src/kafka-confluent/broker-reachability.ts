import type { BusSubscriptionHealth } from '../port';

/** The slice of a consumer's node-rdkafka handle that says whether its brokers can be reached. */
export interface ConfluentHealthClient {
  on(event: 'event.error', listener: (error: Error) => void): unknown;
  off(event: 'event.error', listener: (error: Error) => void): unknown;
  getMetadata(options: { timeout: number }, callback: (error: Error | null | undefined) => void): void;
}

// librdkafka's text for ERR__ALL_BROKERS_DOWN: node-rdkafka hands its error events over with
// code -1, so the message is what tells this one from a single broker's transport failure.
const ALL_BROKERS_DOWN = /all broker connections are down/i;

/**
 * librdkafka never crashes a consumer over a broker outage: it reconnects on its own, and fetches
 * nothing meanwhile. It reports the outage as ERR__ALL_BROKERS_DOWN and nothing when it is over,
 * so from that error on, the watcher asks the consumer's own handle for the cluster's metadata
 * every `probeIntervalMs`: the first answer means its brokers are back. Returns the stop.
 */
export function watchBrokerReachability(
  client: ConfluentHealthClient,
  what: string,
  onHealth: (health: BusSubscriptionHealth) => void,
  probeIntervalMs: number,
): () => void {
  let probe: NodeJS.Timeout | undefined;
  let probing = false;
  let stopped = false;
  const probeOnce = (): void => {
    if (probing) return;
    probing = true;
    client.getMetadata({ timeout: probeIntervalMs }, (error) => {
      probing = false;
      if (stopped || probe === undefined || error) return;
      clearInterval(probe);
      probe = undefined;
      onHealth({ live: true });
    });
  };
  const onError = (error: Error): void => {
    if (stopped || probe !== undefined || !ALL_BROKERS_DOWN.test(error.message)) return;
    onHealth({ live: false, reason: `${what}: ${error.message}` });
    probe = setInterval(probeOnce, probeIntervalMs);
  };
  client.on('event.error', onError);
  return () => {
    stopped = true;
    clearInterval(probe);
    client.off('event.error', onError);
  };
}
