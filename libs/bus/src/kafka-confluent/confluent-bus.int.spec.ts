import { describe, expect, it } from 'vitest';
import { describeFeedBusContract } from '../contract/feed-bus.contract';
import { interleavedFrames, range } from '../contract/fixtures';
import { Recorder } from '../contract/recorder';
import { waitFor } from '../contract/wait-for';
import { createKafkaBus } from '../kafka/kafka-bus';
import { itMeetsTheKafkaBusSpecifics, MOCK_TIMINGS, useMockClusterBuses } from '../kafka/mock-cluster-buses';
import { createConfluentKafkaBus } from './confluent-bus';

// The mock cluster and its join pace as in kafka-bus.int.spec.ts (mock-cluster-buses). Without
// @confluentinc/kafka-javascript every test here fails with the BusConfigurationError that says
// how to install it: CI installs it (scripts/ensure-test-deps.sh), so a missing module is a
// broken set-up, never a skip.
const buses = useMockClusterBuses(createConfluentKafkaBus, 'c');
const { brokers, mockBus } = buses;

describeFeedBusContract('kafka (@confluentinc/kafka-javascript on the kcat mock cluster)', () => mockBus(), {
  testTimeoutMs: 30_000,
  deliveryTimeoutMs: 15_000,
  quietPeriodMs: 500,
  concurrent: true,
});

describe.concurrent('confluent kafka bus specifics', () => {
  itMeetsTheKafkaBusSpecifics(buses);

  it(
    'interoperates with the kafkajs adapter both ways: same topics, keys, headers and partitions',
    { timeout: 30_000 },
    async ({ onTestFinished }) => {
      const prefix = buses.freshPrefix();
      const [confluent, kafkajs] = await Promise.all([
        mockBus(prefix),
        createKafkaBus({
          brokers: brokers(),
          clientId: 'kjs',
          topicPrefix: prefix,
          consumer: MOCK_TIMINGS,
          idempotent: false,
        }),
      ]);
      onTestFinished(() => Promise.all([confluent.close(), kafkajs.close()]).then(() => undefined));
      const [atConfluent, atKafkajs] = [new Recorder(), new Recorder()];
      await Promise.all([
        confluent.subscribe(atConfluent.handler, { audiences: ['venue'], onError: atConfluent.onError }),
        kafkajs.subscribe(atKafkajs.handler, { audiences: ['broadcast'], onError: atKafkajs.onError }),
      ]);
      const toConfluent = interleavedFrames('venue', ['m-1', 'm-2', 'm-3'], 10, 7);
      const toKafkajs = interleavedFrames('broadcast', ['m-1', 'm-2', 'm-3'], 10, 7);

      await Promise.all([
        ...toConfluent.map((message) => kafkajs.publish(message)),
        ...toKafkajs.map((message) => confluent.publish(message)),
      ]);

      await waitFor('frames kafkajs published', () => atConfluent.received.length >= toConfluent.length, {
        timeoutMs: 15_000,
      });
      await waitFor('frames confluent published', () => atKafkajs.received.length >= toKafkajs.length, {
        timeoutMs: 15_000,
      });
      for (const matchId of ['m-1', 'm-2', 'm-3']) {
        expect(atConfluent.seqs(matchId)).toEqual(range(10));
        expect(atKafkajs.seqs(matchId)).toEqual(range(10));
      }
      expect([...atConfluent.errors, ...atKafkajs.errors]).toEqual([]);
    },
  );

  it('fails at creation, naming the brokers, when nothing listens there', { timeout: 60_000 }, async () => {
    // A short connect timeout: librdkafka's own wait for the brokers' metadata is 30 s.
    await expect(
      createConfluentKafkaBus({
        brokers: ['127.0.0.1:1'],
        clientId: 'gateway',
        topicPrefix: 'tablecast',
        connectTimeoutMs: 2_000,
      }),
    ).rejects.toThrow('feed bus unavailable: cannot connect to brokers 127.0.0.1:1');
  });
});
