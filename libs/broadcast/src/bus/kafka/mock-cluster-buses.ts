import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { interleavedFrames, range } from '../contract/fixtures';
import { Recorder } from '../contract/recorder';
import { waitFor } from '../contract/wait-for';
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
  /** A bus on the mock (a fresh prefix unless given). */
  readonly mockBus: MockBus;
}

/**
 * Starts one kcat mock cluster for the calling test file (beforeAll/afterAll) and makes buses on
 * it with `create` (createKafkaBus or createConfluentKafkaBus); `prefixLetter` marks the adapter
 * in topic names.
 */
export function useMockClusterBuses(
  create: (options: KafkaBusOptions) => Promise<FeedBus>,
  prefixLetter: string,
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
  const mockBus: MockBus = (topicPrefix = freshPrefix(), clientId = 'gateway', onReceived) =>
    create({
      brokers: brokers(),
      clientId,
      topicPrefix,
      consumer: MOCK_TIMINGS,
      ...(onReceived === undefined ? {} : { onReceived }),
    });
  return { brokers, freshPrefix, mockBus };
}

/** Both adapters: every gateway process (own client, own group) receives every frame, in order. */
export function itDeliversEveryFrameToTwoGatewayProcesses({ freshPrefix, mockBus }: MockClusterBuses): void {
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
}
