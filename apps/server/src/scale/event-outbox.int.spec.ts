import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKafkaRecordProducer, startOutboxConsumer, type OutboxDelivery } from '@tablecast/bus';
import { startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import { SqliteEventLog, type UnsealedEvent } from '@tablecast/event-store';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EventOutbox, type OutboxLog } from './event-outbox';

// The mock completes a group's join after 3 s; short heartbeats keep the consumer's session alive.
const MOCK_TIMINGS = {
  sessionTimeoutMs: 4_000,
  heartbeatIntervalMs: 100,
  maxWaitTimeMs: 100,
  joinTimeoutMs: 20_000,
};
const WAIT = { timeout: 20_000, interval: 20 };

function passed(n: number): UnsealedEvent {
  return {
    type: 'Passed',
    data: { seat: 'SENW'[n % 4] },
    metadata: {
      eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      correlationId: `outbox-${String(n)}`,
      causationId: null,
      actor: { id: 'operator-1', role: 'operator' },
      recordedAt: '2026-11-29T10:00:00.000Z',
      schemaVersion: 1,
    },
  };
}

/** The log, whose next checkpoint save fails as a process killed right after the broker's ack would. */
function dyingAtNextCheckpoint(log: SqliteEventLog): OutboxLog {
  let died = false;
  return {
    subscribeToAll: (options) => log.subscribeToAll(options),
    getCheckpoint: (name) => log.getCheckpoint(name),
    saveCheckpoint: (name, position) => {
      if (died) return log.saveCheckpoint(name, position);
      died = true;
      return Promise.reject(new Error('killed after the publish, before the checkpoint'));
    },
  };
}

describe('the event outbox on the Kafka mock cluster', () => {
  let cluster: KafkaMockCluster;
  let dataDir: string;
  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
    dataDir = mkdtempSync(join(tmpdir(), 'tablecast-outbox-'));
  });
  afterAll(async () => {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'delivers every appended event exactly once to a deduping consumer across a death before the publish and one before the checkpoint',
    { timeout: 60_000 },
    async ({ onTestFinished }) => {
      const topic = 'q7.events';
      await cluster.createTopics([topic]);
      const producer = (): ReturnType<typeof createKafkaRecordProducer> =>
        createKafkaRecordProducer({ brokers: cluster.brokers, clientId: 'outbox', topic, idempotent: false });
      const delivered: OutboxDelivery[] = [];
      const repeats: OutboxDelivery[] = [];
      const consumer = await startOutboxConsumer({
        brokers: cluster.brokers,
        clientId: 'reader',
        topic,
        groupId: 'q7.readers',
        timings: MOCK_TIMINGS,
        handler: (delivery) => {
          delivered.push(delivery);
        },
        onRepeat: (repeat) => repeats.push(repeat),
      });
      onTestFinished(() => consumer.close());
      const eventIds = (): string[] => delivered.map((delivery) => delivery.eventId.slice(-2));

      let log = new SqliteEventLog({ dataDir });
      await log.append('match-a', [passed(1), passed(2)], 'no_stream');
      const first = await producer();
      const outbox = new EventOutbox({ log, producer: first, checkpoint: 'outbox', attempts: 1 });
      await vi.waitFor(() => {
        expect(eventIds()).toEqual(['01', '02']);
      }, WAIT);

      // The process dies between the append and its publish: the producer is gone when event 3 comes.
      await first.close();
      await log.append('match-a', [passed(3)], 1);
      await expect(outbox.done).rejects.toThrow(
        /publishing the event at position 3 failed 1 times.*feed bus is closed/,
      );
      await log.close();

      // Restarted (a new log handle on the same file): event 3 goes out first, from the checkpoint;
      // then this process dies after the broker acknowledged it, before its checkpoint was saved.
      log = new SqliteEventLog({ dataDir });
      const second = await producer();
      const dying = new EventOutbox({
        log: dyingAtNextCheckpoint(log),
        producer: second,
        checkpoint: 'outbox',
      });
      await expect(dying.done).rejects.toThrow('killed after the publish, before the checkpoint');
      await vi.waitFor(() => {
        expect(eventIds()).toEqual(['01', '02', '03']);
      }, WAIT);
      await second.close();
      await log.close();

      // Restarted again: event 3 is published a second time (at least once), the consumer drops it.
      log = new SqliteEventLog({ dataDir });
      onTestFinished(() => log.close());
      const third = await producer();
      onTestFinished(() => third.close());
      const restarted = new EventOutbox({ log, producer: third, checkpoint: 'outbox' });
      onTestFinished(() => restarted.stop());
      await log.append('match-b', [passed(4)], 'no_stream');
      await vi.waitFor(() => {
        expect(eventIds()).toEqual(['01', '02', '03', '04']);
      }, WAIT);
      await vi.waitFor(() => {
        expect(repeats.map((repeat) => repeat.position)).toEqual(['3']);
      }, WAIT);
      expect(delivered.map((delivery) => [delivery.key, delivery.position])).toEqual([
        ['match-a', '1'],
        ['match-a', '2'],
        ['match-a', '3'],
        ['match-b', '4'],
      ]);
      expect(JSON.parse(delivered[3]?.value ?? '{}')).toMatchObject({
        stream: 'match-b',
        revision: 0,
        type: 'Passed',
      });
      await vi.waitFor(async () => {
        expect(await log.getCheckpoint('outbox')).toEqual({ commit: 4n, prepare: 4n });
      }, WAIT);
    },
  );

  it(
    'refuses to start, naming the topic, when the outbox topic was not created',
    { timeout: 30_000 },
    async () => {
      await expect(
        createKafkaRecordProducer({
          brokers: cluster.brokers,
          clientId: 'outbox',
          topic: 'q8.events',
          idempotent: false,
        }),
      ).rejects.toThrow('feed bus configuration: Kafka topic q8.events does not exist');
    },
  );
});
