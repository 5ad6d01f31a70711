import { KAFKA_DEFAULT_CONSUMER_TIMINGS } from '@tablecast/bus';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config';
import { configuredKafkaBusOptions } from './kafka-bus-options';

describe('configuredKafkaBusOptions', () => {
  it('takes the topic prefix, group id prefix, idempotence, queue bound and consumer timings from the configuration', () => {
    const config = loadConfig({
      KAFKA_BROKERS: 'k1:9092',
      KAFKA_TOPIC_PREFIX: 'q7.feeds',
      KAFKA_GROUP_ID: 'q7.gateways',
      KAFKA_IDEMPOTENT: 'false',
      KAFKA_MAX_QUEUED: '250',
      KAFKA_MAX_WAIT_MS: '50',
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      KAFKA_HEARTBEAT_INTERVAL_MS: '1500',
      KAFKA_JOIN_TIMEOUT_MS: '9000',
    });
    expect(configuredKafkaBusOptions(config, ['k1:9092'], 'tablecast-gateway')).toEqual({
      brokers: ['k1:9092'],
      clientId: 'tablecast-gateway',
      topicPrefix: 'q7.feeds',
      groupIdPrefix: 'q7.gateways',
      idempotent: false,
      maxQueued: 250,
      consumer: { maxWaitTimeMs: 50, sessionTimeoutMs: 6000, heartbeatIntervalMs: 1500, joinTimeoutMs: 9000 },
    });
  });

  it('defaults to the tablecast.feeds topics, tablecast-gateway groups and an idempotent producer', () => {
    const options = configuredKafkaBusOptions(loadConfig({}), ['k1:9092'], 'tablecast-server');
    expect([options.topicPrefix, options.groupIdPrefix, options.idempotent, options.maxQueued]).toEqual([
      'tablecast.feeds',
      'tablecast-gateway',
      true,
      10000,
    ]);
  });

  it("defaults to the bus adapters' own consumer timings, those for a real cluster", () => {
    const options = configuredKafkaBusOptions(loadConfig({}), ['k1:9092'], 'tablecast-gateway');
    expect(options.consumer).toEqual(KAFKA_DEFAULT_CONSUMER_TIMINGS);
  });
});
