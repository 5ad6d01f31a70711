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
