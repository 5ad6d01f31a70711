import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { frame, interleavedFrames, range } from '../contract/fixtures';
import { Recorder } from '../contract/recorder';
import { delay, waitFor } from '../contract/wait-for';
import type { FeedBus } from '../port';
import type { KafkaBusOptions } from './kafka-bus';
import type { KafkaReceiveTiming } from './kafka-subscription';
import { startKafkaMockCluster, type KafkaMockCluster } from './kafka-mock-cluster';

// Test support for both Kafka adapters' integration tests (kafkajs and Confluent).
// The mock completes a new group's join after 3 s and a rejoin after session timeout - 1 s, so
// short timings keep each test to a few seconds; heartbeats must come well inside the session.
export const MOCK_TIMINGS = {
  sessionTimeoutMs: 4_000,
  heartbeatIntervalMs: 100,
  maxWaitTimeMs: 100,
  joinTimeoutMs: 20_000,
};

const MOCK_CONSUMER_TIMINGS = {
  sessionTimeout: MOCK_TIMINGS.sessionTimeoutMs,
  heartbeatInterval: MOCK_TIMINGS.heartbeatIntervalMs,
  maxWaitTimeInMs: MOCK_TIMINGS.maxWaitTimeMs,
};

type MockBus = (
  topicPrefix?: string,
  clientId?: string,
  onReceived?: (timing: KafkaReceiveTiming) => void,
) => Promise<FeedBus>;

export interface MockClusterBuses {
  /** The mock cluster's brokers; throws if the cluster did not start. */
  readonly brokers: () => string[];
  /** A topic prefix no other test uses, so concurrent tests never share a topic. */
  readonly freshPrefix: () => string;
  /** A bus on the mock (a fresh prefix unless given), its topics created first. */
  readonly mockBus: MockBus;
  /** A bus on the mock whose topics nobody created. */
  readonly bareBus: (topicPrefix: string) => Promise<FeedBus>;
}

/**
 * Starts one kcat mock cluster for the calling test file (beforeAll/afterAll) and makes buses on
 * it with `create` (createKafkaBus or createConfluentKafkaBus); `prefixLetter` marks the adapter
 * in topic names.
 */
export function useMockClusterBuses(
  create: (options: KafkaBusOptions) => Promise<FeedBus>,
  prefixLetter: string,
  // kafkajs cannot start an idempotent producer on the mock (it names no controller); librdkafka can.
  { idempotent = true }: { readonly idempotent?: boolean } = {},
): MockClusterBuses {
  let cluster: KafkaMockCluster | undefined;
  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  const brokers = (): string[] => {
    if (cluster === undefined) throw new Error('Kafka mock cluster did not start (see beforeAll)');
    return cluster.brokers;
  };
  const freshPrefix = (): string => `${prefixLetter}${randomUUID().slice(0, 8)}`;
  const created = new Map<string, Promise<void>>();
  const mockBus: MockBus = async (topicPrefix = freshPrefix(), clientId = 'gateway', onReceived) => {
    if (cluster === undefined) throw new Error('Kafka mock cluster did not start (see beforeAll)');
    const topics = created.get(topicPrefix) ?? cluster.createBusTopics(topicPrefix);
    created.set(topicPrefix, topics);
    await topics;
    return create({
      brokers: brokers(),
      clientId,
      topicPrefix,
      consumer: MOCK_TIMINGS,
      idempotent,
      ...(onReceived === undefined ? {} : { onReceived }),
    });
  };
  const bareBus = (topicPrefix: string): Promise<FeedBus> =>
    create({ brokers: brokers(), clientId: 'gateway', topicPrefix, consumer: MOCK_TIMINGS, idempotent });
  return { brokers, freshPrefix, mockBus, bareBus };
}

/**
 * What both adapters must do beyond the port's contract, on the mock cluster: every gateway
 * process receives every frame, a rejoining group resumes without replay, a frame published
 * during the join is not lost, and each fetched frame's timing is reported before its handler.
 */
export function itMeetsTheKafkaBusSpecifics({
  brokers,
  freshPrefix,
  mockBus,
  bareBus,
}: MockClusterBuses): void {
  it(
    'refuses to start, naming the missing topics, before its topics were created',
    { timeout: 30_000 },
    async () => {
      const prefix = freshPrefix();
      await expect(bareBus(prefix)).rejects.toThrow(
        `feed bus configuration: Kafka topic ${prefix}.staff, ${prefix}.staff.latest, ${prefix}.venue, ${prefix}.venue.latest, ${prefix}.broadcast, ${prefix}.broadcast.latest, ${prefix}.commentary, ${prefix}.commentary.latest does not exist; create the topics before starting`,
      );
    },
  );

  it(
    'reads back the latest frame of every match of the audiences asked for, from a bus that published none of them',
    { timeout: 30_000 },
    async ({ onTestFinished }) => {
      const prefix = freshPrefix();
      const [publisher, restarted] = await Promise.all([
        mockBus(prefix, 'server'),
        mockBus(prefix, 'gateway'),
      ]);
      onTestFinished(() => Promise.all([publisher.close(), restarted.close()]).then(() => undefined));
      const published = [
        ...interleavedFrames('venue', ['m-1', 'm-2', 'm-3'], 5, 3),
        ...interleavedFrames('staff', ['m-1'], 7, 3),
      ];
      await Promise.all(published.map((message) => publisher.publish(message)));
      const latest = new Recorder();
      const handed = await restarted.readLatest(latest.handler, { audiences: ['venue'] });
      // The latest of each match on the venue topic; never a staff frame a public gateway may not hold.
      const lastOfEach = new Map(latest.received.map((message) => [message.matchId, message]));
      expect([...lastOfEach.values()].map((message) => message.seq)).toEqual([4, 4, 4]);
      expect(new Set(latest.received.map((message) => message.audience))).toEqual(new Set(['venue']));
      expect(handed).toBe(latest.received.length);
      expect(latest.errors).toEqual([]);
    },
  );

  it(
    "publishes a frame to its prefix's audience topic, keyed by match id, for any Kafka consumer",
    { timeout: 30_000 },
    async ({ onTestFinished }) => {
      const prefix = freshPrefix();
      const bus = await mockBus(prefix, 'server');
      onTestFinished(() => bus.close());
      const consumer = new Kafka({
        clientId: 'reader',
        brokers: brokers(),
        logLevel: logLevel.NOTHING,
      }).consumer({
        groupId: `reader-${prefix}`,
        ...MOCK_CONSUMER_TIMINGS,
      });
      await consumer.connect();
      onTestFinished(() => consumer.disconnect());
      await consumer.subscribe({ topics: [`${prefix}.venue`], fromBeginning: true });
      const read: string[] = [];
      await consumer.run({
        eachMessage: ({ topic, message }) => {
          read.push(`${topic} ${message.key?.toString() ?? ''} ${message.value?.toString() ?? ''}`);
          return Promise.resolve();
        },
      });
      await bus.publish(frame('venue', 'm-9', 0));
      await waitFor('the frame at a plain consumer', () => read.length >= 1, { timeoutMs: 20_000 });
      expect(read).toEqual([`${prefix}.venue m-9 ${String(frame('venue', 'm-9', 0).payload)}`]);
    },
  );

  it(
    'two gateway processes (own clients, own groups) both deliver every frame of a producer process',
    { timeout: 30_000 },
    async ({ onTestFinished }) => {
      const prefix = freshPrefix();
      const [server, gatewayOne, gatewayTwo] = await Promise.all([
        mockBus(prefix, 'server'),
        mockBus(prefix, 'gw'),
        mockBus(prefix, 'gw'),
      ]);
      onTestFinished(() =>
        Promise.all([server.close(), gatewayOne.close(), gatewayTwo.close()]).then(() => undefined),
      );
      const [one, two] = [new Recorder(), new Recorder()];
      await Promise.all([
        gatewayOne.subscribe(one.handler, { audiences: ['broadcast'] }),
        gatewayTwo.subscribe(two.handler, { audiences: ['broadcast'] }),
      ]);
      const messages = interleavedFrames('broadcast', ['m-1', 'm-2', 'm-3', 'm-4'], 25, 5);

      await Promise.all(messages.map((message) => server.publish(message)));

      for (const gateway of [one, two]) {
        await waitFor('every frame at both gateways', () => gateway.received.length >= messages.length, {
          timeoutMs: 15_000,
        });
        for (const matchId of ['m-1', 'm-2', 'm-3', 'm-4']) expect(gateway.seqs(matchId)).toEqual(range(25));
      }
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
      // The mock holds a new group's join for 3 s; 1 s in, nothing has been fetched yet. Without the
      // start offsets set at the join (kafkajs seeks on GROUP_JOIN, librdkafka's in the rebalance
      // callback), the client resolves "latest" after the join and this frame is lost.
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
      // One timing per frame, each reported before its frame reached the handler.
      expect(seenFirst).toEqual([1, 2, 3]);
      for (const timing of timings) {
        expect(timing.audience).toBe('venue');
        expect(timing.publishedAtMs).toBeGreaterThanOrEqual(before);
        expect(timing.publishedAtMs).toBeLessThanOrEqual(published);
        expect(timing.receivedAtMs).toBeGreaterThanOrEqual(timing.publishedAtMs);
      }
    },
  );
}
