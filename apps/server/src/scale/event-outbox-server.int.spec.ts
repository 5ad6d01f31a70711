import { startOutboxConsumer, type OutboxDelivery } from '@tablecast/bus';
import { startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import type { StoredEvent } from '@tablecast/event-store';
import { guandanMatchRequest } from '@tablecast/games/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { playMatchOverHttp } from '../testing/http-bot-match';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { kafkaMockEnv } from '../testing/kafka-mock-env';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import { EVENT_OUTBOX_CHECKPOINT } from './event-outbox.service';

// The mock completes a group's join after 3 s; short heartbeats keep the consumer's session alive.
const MOCK_TIMINGS = {
  sessionTimeoutMs: 4_000,
  heartbeatIntervalMs: 100,
  maxWaitTimeMs: 100,
  joinTimeoutMs: 20_000,
};
const WAIT = { timeout: 20_000, interval: 20 };
const PREFIX = 'outbox-app';
const TOPIC = `${PREFIX}.events`;

async function loggedEvents(server: TestServer): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for await (const event of server.app.get<AppEventStore>(EVENT_STORE).log.readAll()) events.push(event);
  return events;
}

/** Per stream, the events in the order given: [revision, type, event id]. */
function byStream(
  events: readonly { stream: string; revision: number; type: string; eventId: string }[],
): Map<string, [number, string, string][]> {
  const streams = new Map<string, [number, string, string][]>();
  for (const { stream, revision, type, eventId } of events) {
    const list = streams.get(stream) ?? [];
    list.push([revision, type, eventId]);
    streams.set(stream, list);
  }
  return streams;
}

function fromLog(events: readonly StoredEvent[]): Map<string, [number, string, string][]> {
  return byStream(events.map((event) => ({ ...event, eventId: event.metadata.eventId })));
}

function fromTopic(deliveries: readonly OutboxDelivery[]): Map<string, [number, string, string][]> {
  return byStream(
    deliveries.map((delivery) => {
      const value = JSON.parse(delivery.value) as { stream: string; revision: number; type: string };
      expect(value.stream).toBe(delivery.key);
      return { ...value, eventId: delivery.eventId };
    }),
  );
}

/**
 * EVENTS_OUTBOX=kafka: the full server publishes its event log to `<KAFKA_TOPIC_PREFIX>.events`
 * on librdkafka's mock cluster (kcat), and a consumer in another group reads it over the wire.
 */
describe('the server publishing its event log through the outbox', () => {
  let cluster: KafkaMockCluster;
  let server: TestServer | undefined;
  const delivered: OutboxDelivery[] = [];
  const repeats: OutboxDelivery[] = [];
  let closeConsumer: (() => Promise<void>) | undefined;
  /** Until the consumer has had, per stream and in order, exactly the events of the server's log. */
  const consumedWholeLog = (running: TestServer): Promise<void> =>
    vi.waitFor(async () => {
      expect(fromTopic(delivered)).toEqual(fromLog(await loggedEvents(running)));
    }, WAIT);
  const env = (): Record<string, string> => ({
    // kafkajs on the mock, with the consumer timings that suit it.
    ...kafkaMockEnv(cluster),
    KAFKA_TOPIC_PREFIX: PREFIX,
    EVENTS_OUTBOX: 'kafka',
    TABLECAST_TOKENS: TEST_TOKENS_SPEC,
  });

  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
    await cluster.createBusTopics(PREFIX);
    await cluster.createTopics([TOPIC]);
  }, 30_000);
  afterAll(async () => {
    await closeConsumer?.();
    await server?.stop();
    await cluster.stop();
  });

  it(
    'hands a consumer every event of the log once, in stream order, and publishes nothing twice across a restart',
    { timeout: 90_000 },
    async () => {
      // The server and the consumer's group join (about 3 s each on the mock) in parallel.
      const [started, consumer] = await Promise.all([
        startTestServer(env()),
        startOutboxConsumer({
          brokers: cluster.brokers,
          clientId: 'outbox-reader',
          topic: TOPIC,
          groupId: `${PREFIX}.readers`,
          timings: MOCK_TIMINGS,
          handler: (delivery) => {
            delivered.push(delivery);
          },
          onRepeat: (repeat) => repeats.push(repeat),
        }),
      ]);
      server = started;
      closeConsumer = () => consumer.close();

      await playMatchOverHttp({
        url: server.url,
        matchId: 'outbox_1',
        seed: 'outbox-app',
        operatorToken: TEST_TOKENS.operatorT1,
        format: { kind: 'fixedDeals', deals: 1 },
      });
      await consumedWholeLog(server);
      const before = await loggedEvents(server);
      expect(before.length).toBeGreaterThan(50);
      expect(await cluster.recordsWritten(TOPIC)).toBe(before.length);

      // A clean stop saves the checkpoint of the last event the brokers acknowledged.
      await server.app.close();
      const lastBefore = before.at(-1)?.position;
      server = await restartTestServer(server, env());
      const store = server.app.get<AppEventStore>(EVENT_STORE);
      expect(await store.getCheckpoint(EVENT_OUTBOX_CHECKPOINT)).toEqual(lastBefore);

      // After the restart: a second match, created and dealt over HTTP.
      const headers = {
        authorization: `Bearer ${TEST_TOKENS.operatorT1}`,
        'content-type': 'application/json',
      };
      const created = await fetch(`${server.url}/api/matches`, {
        method: 'POST',
        headers,
        body: JSON.stringify(guandanMatchRequest('outbox_2')),
      });
      expect(created.status).toBe(201);
      const dealt = await fetch(`${server.url}/api/matches/outbox_2/commands`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          revision: 0,
          idempotencyKey: 'outbox_2.1',
          command: { type: 'DealCards', seed: 'outbox-app/2' },
        }),
      });
      expect(dealt.status).toBe(200);

      await consumedWholeLog(server);
      const after = await loggedEvents(server);
      expect(after.length).toBeGreaterThan(before.length + 1);
      // Nothing published twice: the topic holds exactly one record per event, so the consumer
      // had nothing to drop.
      expect(await cluster.recordsWritten(TOPIC)).toBe(after.length);
      expect(repeats).toEqual([]);
      await vi.waitFor(async () => {
        expect(await store.getCheckpoint(EVENT_OUTBOX_CHECKPOINT)).toEqual(after.at(-1)?.position);
      }, WAIT);
      // /readyz says how the outbox stands: what this boot published, never a reason to refuse commands.
      const ready = (await (await fetch(`${server.url}/readyz`)).json()) as {
        checks: { name: string; ok: boolean; detail?: string }[];
      };
      expect(ready.checks.find((check) => check.name === 'event-outbox')).toEqual({
        name: 'event-outbox',
        ok: true,
        detail: `${String(after.length - before.length)} events published to ${TOPIC} since boot`,
      });
    },
  );
});
