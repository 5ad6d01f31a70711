import type { KafkaBusOptions } from '@tablecast/bus';
import { FEED_TOPIC_PREFIX } from '../broadcast/broadcast.tokens';
import type { AppConfig } from '../config';

/** The event outbox's topic is `<KAFKA_TOPIC_PREFIX>.events`, beside the feed topics of the audiences. */
export const EVENTS_TOPIC_SUFFIX = 'events';

/** The own-group prefix of gateway subscriptions when KAFKA_GROUP_ID is unset. */
export const DEFAULT_GATEWAY_GROUP_ID = 'tablecast-gateway';

type BusConfig = Pick<
  AppConfig,
  | 'KAFKA_MAX_WAIT_MS'
  | 'KAFKA_SESSION_TIMEOUT_MS'
  | 'KAFKA_HEARTBEAT_INTERVAL_MS'
  | 'KAFKA_JOIN_TIMEOUT_MS'
  | 'KAFKA_TOPIC_PREFIX'
  | 'KAFKA_GROUP_ID'
  | 'KAFKA_IDEMPOTENT'
  | 'KAFKA_MAX_QUEUED'
>;

/**
 * The Kafka bus options both roles take from the configuration: the full server publishes to
 * `<KAFKA_TOPIC_PREFIX>.<audience>` with an idempotent producer and a bounded queue, a gateway
 * fetches the same topics in a group of its own named under KAFKA_GROUP_ID, with the consumer
 * timings set (the same for both clients).
 */
export function configuredKafkaBusOptions(
  config: BusConfig,
  brokers: readonly string[],
  clientId: 'tablecast-server' | 'tablecast-feeds' | 'tablecast-gateway',
): KafkaBusOptions {
  return {
    brokers,
    clientId,
    topicPrefix: config.KAFKA_TOPIC_PREFIX ?? FEED_TOPIC_PREFIX,
    groupIdPrefix: config.KAFKA_GROUP_ID ?? DEFAULT_GATEWAY_GROUP_ID,
    idempotent: config.KAFKA_IDEMPOTENT,
    maxQueued: config.KAFKA_MAX_QUEUED,
    consumer: {
      maxWaitTimeMs: config.KAFKA_MAX_WAIT_MS,
      sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
      heartbeatIntervalMs: config.KAFKA_HEARTBEAT_INTERVAL_MS,
      joinTimeoutMs: config.KAFKA_JOIN_TIMEOUT_MS,
    },
  };
}

/** The topic the event outbox publishes the log to (EVENTS_OUTBOX=kafka); the topic job creates it. */
export function configuredEventsTopic(config: Pick<AppConfig, 'KAFKA_TOPIC_PREFIX'>): string {
  return `${config.KAFKA_TOPIC_PREFIX ?? FEED_TOPIC_PREFIX}.${EVENTS_TOPIC_SUFFIX}`;
}
