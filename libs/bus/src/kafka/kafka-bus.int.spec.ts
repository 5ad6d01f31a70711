import { Kafka, logLevel } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { describeFeedBusContract } from '../contract/feed-bus.contract';
import { frame } from '../contract/fixtures';
import { Recorder } from '../contract/recorder';
import { delay, waitFor } from '../contract/wait-for';
import type { BusMessage } from '../bus-message';
import type { KafkaReceiveTiming } from './kafka-subscription';
import { createKafkaBus } from './kafka-bus';
import { itMeetsTheKafkaBusSpecifics, useMockClusterBuses } from './mock-cluster-buses';

const buses = useMockClusterBuses(createKafkaBus, 't', { idempotent: false });
const { mockBus } = buses;

describeFeedBusContract('kafka (kafkajs on the kcat mock cluster)', () => mockBus(), {
  testTimeoutMs: 30_000,
  deliveryTimeoutMs: 15_000,
  quietPeriodMs: 500,
  concurrent: true,
});

// Concurrent tests take onTestFinished from their own context: the global one is bound to whichever
// test vitest last started, so one test finishing could close another's bus mid-run.
describe.concurrent('kafka bus specifics', () => {
  itMeetsTheKafkaBusSpecifics(buses);

  it(
    'skips a record another producer wrote without the bus headers, reports it, and carries on',
    { timeout: 30_000 },
    async ({ onTestFinished }) => {
      const prefix = buses.freshPrefix();
      const bus = await mockBus(prefix);
      onTestFinished(() => bus.close());
      const gateway = new Recorder();
      await bus.subscribe(gateway.handler, { audiences: ['venue'], onError: gateway.onError });
      const foreign = new Kafka({
        clientId: 'foreign',
        brokers: buses.brokers(),
        logLevel: logLevel.NOTHING,
      }).producer();
      await foreign.connect();
      onTestFinished(() => foreign.disconnect());

      await foreign.send({ topic: `${prefix}.venue`, messages: [{ key: 'm-1', value: 'no headers' }] });
      await bus.publish(frame('venue', 'm-1', 0));

      await waitFor('the valid frame', () => gateway.received.length >= 1, { timeoutMs: 15_000 });
      expect(gateway.labels()).toEqual(['venue/m-1/0']);
      expect(gateway.errors.map((error) => error.reason)).toEqual(['malformed-record']);
      expect(gateway.errors[0]?.message).toContain('tablecast-seq');
    },
  );

  it.for([
    { group: 'its own group (a gateway)', groupId: undefined, fetchedDuringHandler: true },
    { group: 'a named group', groupId: 'shared-gateways', fetchedDuringHandler: false },
  ])(
    'in $group, fetches the next frame while the handler is still busy with the last: $fetchedDuringHandler',
    { timeout: 30_000 },
    async ({ groupId, fetchedDuringHandler }, { onTestFinished }) => {
      const timings: KafkaReceiveTiming[] = [];
      const bus = await mockBus(undefined, undefined, (timing) => timings.push(timing));
      onTestFinished(() => bus.close());
      const handled: { seq: number; startedAt: number; endedAt: number }[] = [];
      const handler = async (message: BusMessage): Promise<void> => {
        const startedAt = Date.now();
        if (message.seq === 0) {
          // A fan-out still busy when the next frame is published: it holds until the bus has
          // fetched that frame (waited for, however slow the machine), or 2 s if it never does
          // meanwhile, then 50 ms more so the fetch is well inside it.
          await bus.publish(frame('venue', 'm-1', 1));
          await waitFor('the next frame fetched', () => timings.length >= 2, { timeoutMs: 2_000 }).catch(
            () => undefined,
          );
          await delay(50);
        }
        handled.push({ seq: message.seq, startedAt, endedAt: Date.now() });
      };
      await bus.subscribe(handler, { audiences: ['venue'], ...(groupId === undefined ? {} : { groupId }) });
      await bus.publish(frame('venue', 'm-1', 0));

      await waitFor('both frames handled', () => handled.length >= 2, { timeoutMs: 15_000 });
      const [first, second] = handled;
      // In order, one at a time, whichever way the frames were fetched.
      expect(handled.map((h) => h.seq)).toEqual([0, 1]);
      expect(second?.startedAt).toBeGreaterThanOrEqual(first?.endedAt ?? Infinity);
      // The second frame's fetch response: with the handler outside kafkajs' eachBatch the next fetch
      // went out while the handler was busy; inside it, kafkajs fetched again only after the
      // handler returned.
      const fetchedAt = timings[1]?.receivedAtMs ?? NaN;
      const busyUntil = first?.endedAt ?? NaN;
      expect(fetchedAt < busyUntil).toBe(fetchedDuringHandler);
      if (!fetchedDuringHandler) expect(fetchedAt).toBeGreaterThanOrEqual(busyUntil);
    },
  );

  it(
    'is idempotent by default, and on a cluster that names no controller (the mock) says why it cannot be',
    { timeout: 30_000 },
    async () => {
      await expect(
        createKafkaBus({
          brokers: buses.brokers(),
          clientId: 'server',
          topicPrefix: 'tablecast.feeds',
          retries: 1,
        }),
      ).rejects.toThrow("kafkajs' idempotent producer asks the cluster's controller for its producer id");
    },
  );

  it('fails at creation, naming the brokers, when nothing listens there', { timeout: 30_000 }, async () => {
    await expect(
      createKafkaBus({ brokers: ['127.0.0.1:1'], clientId: 'gateway', topicPrefix: 'tablecast', retries: 1 }),
    ).rejects.toThrow('feed bus unavailable: cannot connect to brokers 127.0.0.1:1');
  });
});
