import { createKafkaBus, type BusMessage } from '@tablecast/bus';
import type { KafkaMockCluster } from '@tablecast/bus/testing';

/** A server process's environment on kcat's Kafka mock: its brokers and a short fetch wait. */
export function kafkaMockEnv(cluster: KafkaMockCluster): Record<string, string> {
  return {
    KAFKA_BROKERS: cluster.brokers.join(','),
    KAFKA_MAX_WAIT_MS: '50',
    // kafkajs on the mock: no idempotent producer (the mock names no controller).
    KAFKA_IDEMPOTENT: 'false',
  };
}

/**
 * A raw reader of the feeds' Kafka topic on the mock (what the gateways consume), handing each
 * message to `onMessage`; `close` ends its subscription, then its client.
 */
export async function readFeedsTopic(
  cluster: KafkaMockCluster,
  clientId: string,
  onMessage: (message: BusMessage) => void,
): Promise<{ close(): Promise<void> }> {
  const reader = await createKafkaBus({
    brokers: cluster.brokers,
    clientId,
    topicPrefix: 'tablecast.feeds',
    idempotent: false,
    consumer: { maxWaitTimeMs: 50 },
  });
  const subscription = await reader.subscribe(onMessage);
  return {
    close: async () => {
      await subscription.close();
      await reader.close();
    },
  };
}
