import type { KafkaMockCluster } from '@tablecast/bus/testing';

/**
 * The environment of a server on librdkafka's mock cluster (kcat): its brokers and consumer
 * timings that suit the mock. The mock answers a fetch only when its wait is over, so a short
 * KAFKA_MAX_WAIT_MS is each frame's hop; it completes a rejoin after the session timeout less 1 s,
 * so a short session (and heartbeats well inside it) keeps a rejoin to a few seconds; a consumer
 * group that has not joined within KAFKA_JOIN_TIMEOUT_MS fails the boot well before the spec's
 * own timeout. A new group's first join takes the mock's fixed 3 s whatever the client asks.
 */
export function kafkaMockEnv(
  cluster: KafkaMockCluster,
  client: 'kafkajs' | 'confluent' = 'kafkajs',
): Record<string, string> {
  return {
    KAFKA_BROKERS: cluster.brokers.join(','),
    KAFKA_CLIENT: client,
    // kafkajs cannot start an idempotent producer on the mock (it names no controller); librdkafka can.
    KAFKA_IDEMPOTENT: client === 'kafkajs' ? 'false' : 'true',
    KAFKA_MAX_WAIT_MS: '100',
    KAFKA_SESSION_TIMEOUT_MS: '4000',
    KAFKA_HEARTBEAT_INTERVAL_MS: '500',
    KAFKA_JOIN_TIMEOUT_MS: '20000',
  };
}
