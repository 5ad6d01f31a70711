import { kafkaClientClasses, startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kafkaMockEnv } from '../testing/kafka-mock-env';
import { startTestServer } from '../testing/test-server';

/**
 * KAFKA_SESSION_TIMEOUT_MS, KAFKA_HEARTBEAT_INTERVAL_MS and KAFKA_MAX_WAIT_MS reach the feed
 * hub's consumer on either client: a gateway-only server
 * boots on librdkafka's mock cluster (kcat) and the consumer its client library builds is looked
 * at, not guessed from how fast anything went.
 */
describe('Kafka consumer timings from the configuration', () => {
  let cluster: KafkaMockCluster;
  const timings = {
    KAFKA_SESSION_TIMEOUT_MS: '4500',
    KAFKA_HEARTBEAT_INTERVAL_MS: '700',
    KAFKA_MAX_WAIT_MS: '120',
  };

  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
  }, 30_000);
  afterAll(async () => {
    await cluster.stop();
  });

  it('kafkajs: the gateway consumer is built with the session timeout, heartbeat and fetch wait set', async ({
    onTestFinished,
  }) => {
    const consumer = vi.spyOn(kafkaClientClasses().kafkajs.prototype, 'consumer');
    onTestFinished(() => {
      consumer.mockRestore();
    });
    const gateway = await startTestServer({
      ...kafkaMockEnv(cluster),
      ...timings,
      TABLECAST_ROLE: 'gateway',
    });
    onTestFinished(() => gateway.stop());

    expect(consumer).toHaveBeenCalledTimes(1);
    expect(consumer.mock.calls[0]?.[0]).toMatchObject({
      groupId: expect.stringMatching(/^tablecast-gateway\./) as unknown,
      sessionTimeout: 4500,
      heartbeatInterval: 700,
      maxWaitTimeInMs: 120,
    });
  }, 60_000);

  it('confluent: the gateway consumer is built with the session timeout, heartbeat and fetch wait set', async ({
    onTestFinished,
  }) => {
    const consumer = vi.spyOn(
      kafkaClientClasses().confluent.prototype as { consumer: (config: unknown) => unknown },
      'consumer',
    );
    onTestFinished(() => {
      consumer.mockRestore();
    });
    const gateway = await startTestServer({
      ...kafkaMockEnv(cluster, 'confluent'),
      ...timings,
      TABLECAST_ROLE: 'gateway',
    });
    onTestFinished(() => gateway.stop());

    expect(consumer).toHaveBeenCalledTimes(1);
    expect(consumer.mock.calls[0]?.[0]).toMatchObject({
      kafkaJS: { sessionTimeout: 4500, heartbeatInterval: 700, maxWaitTimeInMs: 120 },
      'fetch.wait.max.ms': 120,
    });
  }, 60_000);
});
