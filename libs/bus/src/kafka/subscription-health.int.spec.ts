import { describe, expect, it } from 'vitest';
import { waitFor } from '../contract/wait-for';
import { createConfluentKafkaBus } from '../kafka-confluent/confluent-bus';
import type { BusSubscriptionHealth, FeedBus } from '../port';
import { createKafkaBus, type KafkaBusOptions } from './kafka-bus';
import { startKafkaMockCluster } from './kafka-mock-cluster';
import { MOCK_TIMINGS } from './mock-cluster-buses';

const adapters: readonly {
  readonly name: string;
  readonly create: (options: KafkaBusOptions) => Promise<FeedBus>;
  // kafkajs cannot start an idempotent producer on the mock (it names no controller); librdkafka can.
  readonly idempotent: boolean;
  /** How the client says it: kafkajs crashes its consumer, librdkafka reports its brokers down. */
  readonly reason: RegExp;
}[] = [
  { name: 'kafkajs', create: createKafkaBus, idempotent: false, reason: /consumer of group .* crashed/ },
  {
    name: '@confluentinc/kafka-javascript',
    create: createConfluentKafkaBus,
    idempotent: true,
    reason: /fetches nothing: all broker connections are down/,
  },
];

/**
 * The port's health report on a real client (TC-SCALE-2): a subscription whose brokers all go
 * away says it fetches nothing, and why, so a gateway's readiness can say so. Each adapter on a
 * mock cluster of its own, stopped under it. (Coming back is the gateway's fault drill: kcat's
 * mock cannot be restarted on its ports.)
 */
describe.each(adapters)(
  'a $name subscription whose brokers all went away',
  ({ create, idempotent, reason }) => {
    it(
      'TC-SCALE-2: reports itself down, naming the failure',
      { timeout: 60_000 },
      async ({ onTestFinished }) => {
        const cluster = await startKafkaMockCluster();
        onTestFinished(() => cluster.stop());
        await cluster.createBusTopics('health');
        const bus = await create({
          brokers: cluster.brokers,
          clientId: 'gateway',
          topicPrefix: 'health',
          consumer: MOCK_TIMINGS,
          idempotent,
          retries: 1,
        });
        onTestFinished(() => bus.close());
        const reports: BusSubscriptionHealth[] = [];
        await bus.subscribe(() => undefined, {
          audiences: ['venue'],
          onError: () => undefined,
          onHealth: (health) => reports.push(health),
        });
        expect(reports).toEqual([]);

        await cluster.stop();
        await waitFor('a down report', () => reports.length > 0, {
          timeoutMs: 30_000,
          observed: () => JSON.stringify(reports),
        });
        const [first] = reports;
        expect(first?.live).toBe(false);
        expect(first?.live === false ? first.reason : '').toMatch(reason);
        expect(reports.filter((r) => r.live)).toEqual([]);
      },
    );
  },
);
