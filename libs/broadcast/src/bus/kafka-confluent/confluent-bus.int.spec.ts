import { describe, expect, it } from 'vitest';
import { describeFeedBusContract } from '../contract/feed-bus.contract';
import { frame, interleavedFrames, range } from '../contract/fixtures';
import { Recorder } from '../contract/recorder';
import { delay, waitFor } from '../contract/wait-for';
import { createKafkaBus } from '../kafka/kafka-bus';
import type { KafkaReceiveTiming } from '../kafka/kafka-subscription';
import {
  itDeliversEveryFrameToTwoGatewayProcesses,
  MOCK_TIMINGS,
  useMockClusterBuses,
} from '../kafka/mock-cluster-buses';
import { createConfluentKafkaBus } from './confluent-bus';

// The mock cluster and its join pace as in kafka-bus.int.spec.ts (mock-cluster-buses). Without
// @confluentinc/kafka-javascript every test here fails with the BusConfigurationError that says how to install it: CI installs it
// (scripts/ensure-test-deps.sh), so a missing module is a broken set-up, never a skip.
const buses = useMockClusterBuses(createConfluentKafkaBus, 'c');
const { brokers, mockBus } = buses;

describeFeedBusContract('kafka (@confluentinc/kafka-javascript on the kcat mock cluster)', () => mockBus(), {
  testTimeoutMs: 30_000,
  deliveryTimeoutMs: 15_000,
  quietPeriodMs: 500,
  concurrent: true,
});

describe.concurrent('confluent kafka bus specifics', () => {
  itDeliversEveryFrameToTwoGatewayProcesses(buses);

  it(
    'interoperates with the kafkajs adapter both ways: same topics, keys, headers and partitions',
    { timeout: 30_000 },
    async ({ onTestFinished }) => {
      const prefix = buses.freshPrefix();
      const [confluent, kafkajs] = await Promise.all([
        mockBus(prefix),
        createKafkaBus({ brokers: brokers(), clientId: 'kjs', topicPrefix: prefix, consumer: MOCK_TIMINGS }),
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

  it(
    'a gateway rejoining its group resumes with what was published while it was away, no replay',
    { timeout: 40_000 },
    async ({ onTestFinished }) => {
      const bus = await mockBus();
      onTestFinished(() => bus.close());
      const before = new Recorder();
      const first = await bus.subscribe(before.handler, { audiences: ['venue'], groupId: 'gateway-7' });
      await Promise.all(range(5).map((seq) => bus.publish(frame('venue', 'm-1', seq))));
      await waitFor('frames before the restart', () => before.received.length >= 5, { timeoutMs: 15_000 });
      await first.close();

      await Promise.all(range(5).map((seq) => bus.publish(frame('venue', 'm-1', 5 + seq))));
      const after = new Recorder();
      await bus.subscribe(after.handler, { audiences: ['venue'], groupId: 'gateway-7' });
      await Promise.all(range(5).map((seq) => bus.publish(frame('venue', 'm-1', 10 + seq))));

      await waitFor('frames after the restart', () => after.received.length >= 10, { timeoutMs: 15_000 });
      await delay(500);
      expect(before.seqs('m-1')).toEqual(range(5));
      expect(after.seqs('m-1')).toEqual(range(10).map((i) => 5 + i));
    },
  );

  it(
    'delivers a frame published while subscribe() is still joining its group',
    { timeout: 30_000 },
    async ({ onTestFinished }) => {
      const bus = await mockBus();
      onTestFinished(() => bus.close());
      const gateway = new Recorder();
      const subscribing = bus.subscribe(gateway.handler, { audiences: ['venue'] });
      // The mock holds a new group's join for 3 s; without the start offsets set in the rebalance
      // callback, librdkafka resolves "latest" after the join and this frame is lost.
      await delay(1_000);
      await bus.publish(frame('venue', 'm-1', 0));
      await subscribing;

      await waitFor('the frame published during the join', () => gateway.received.length >= 1, {
        timeoutMs: 15_000,
      });
      expect(gateway.labels()).toEqual(['venue/m-1/0']);
    },
  );

  it(
    'reports each fetched frame with its publish time and receive time (the bus hop), before the handler',
    { timeout: 30_000 },
    async ({ onTestFinished }) => {
      const timings: KafkaReceiveTiming[] = [];
      const bus = await mockBus(undefined, undefined, (timing) => timings.push(timing));
      onTestFinished(() => bus.close());
      const gateway = new Recorder();
      const seenFirst: number[] = [];
      await bus.subscribe(
        (message) => {
          seenFirst.push(timings.length);
          return gateway.handler(message);
        },
        { audiences: ['venue'] },
      );
      const before = Date.now();
      await Promise.all(range(3).map((seq) => bus.publish(frame('venue', 'm-1', seq))));
      const published = Date.now();

      await waitFor('three frames', () => gateway.received.length >= 3, { timeoutMs: 15_000 });
      expect(seenFirst).toEqual([1, 2, 3]);
      for (const timing of timings) {
        expect(timing.audience).toBe('venue');
        expect(timing.publishedAtMs).toBeGreaterThanOrEqual(before);
        expect(timing.publishedAtMs).toBeLessThanOrEqual(published);
        expect(timing.receivedAtMs).toBeGreaterThanOrEqual(timing.publishedAtMs);
      }
    },
  );

  it('fails at creation, naming the brokers, when nothing listens there', { timeout: 60_000 }, async () => {
    await expect(
      createConfluentKafkaBus({ brokers: ['127.0.0.1:1'], clientId: 'gateway', topicPrefix: 'tablecast' }),
    ).rejects.toThrow('feed bus unavailable: cannot connect to brokers 127.0.0.1:1');
  });
});
