import { randomUUID } from 'node:crypto';
import type { Admin, Kafka } from 'kafkajs';
import type { BusDeliveryError } from '../errors';
import { handlerFailure } from '../handler-failure';
import type { BusHandler } from '../port';
import { withTimeout } from './consumer-start';
import { malformedRecord } from './frame-delivery';
import type { ConsumerTimings } from './kafka-subscription';
import { decodeRecord, type IncomingRecord } from './record-codec';
import { audienceOfLatestTopic } from './topics';

/** Per latest-frame topic, per partition: its end offset when the read began. */
export type LatestTopicEnds = ReadonlyMap<string, ReadonlyMap<number, number>>;

/**
 * Where a read of the latest-frame topics stands: the partitions not read to the end they had
 * when the read began. Records published since are handed over too (they are later frames, which
 * a gateway's hub takes or drops by seq like any other).
 */
export class LatestReadProgress {
  private readonly remaining = new Map<string, number>();
  private finished: () => void = () => undefined;
  /** Resolves once every partition was read to its end. */
  readonly done: Promise<void>;

  constructor(ends: LatestTopicEnds) {
    for (const [topic, partitions] of ends) {
      for (const [partition, end] of partitions) {
        if (end > 0) this.remaining.set(`${topic}\u0000${String(partition)}`, end);
      }
    }
    this.done = new Promise((resolve) => {
      this.finished = resolve;
    });
    if (this.remaining.size === 0) this.finished();
  }

  /** Whether there is anything to read at all (an empty topic needs no consumer). */
  get empty(): boolean {
    return this.remaining.size === 0;
  }

  /** Records that the record at `offset` of the partition was handled. */
  read(topic: string, partition: number, offset: string): void {
    const key = `${topic}\u0000${String(partition)}`;
    const end = this.remaining.get(key);
    if (end === undefined || Number(offset) < end - 1) return;
    this.remaining.delete(key);
    if (this.remaining.size === 0) this.finished();
  }
}

/** Hands one fetched latest-frame record to the handler, or reports why it is not a frame. */
export async function deliverLatestRecord(
  topicPrefix: string,
  topic: string,
  partition: number,
  record: IncomingRecord & { readonly offset: string },
  handler: BusHandler,
  onError: (error: BusDeliveryError) => void,
): Promise<number> {
  const audience = audienceOfLatestTopic(topicPrefix, topic);
  const decoded =
    audience === undefined
      ? ({ ok: false, problem: `unexpected topic ${topic}` } as const)
      : decodeRecord(audience, record);
  if (!decoded.ok) {
    onError(malformedRecord(topic, partition, record.offset, decoded.problem));
    return 0;
  }
  try {
    await handler(decoded.message);
    return 1;
  } catch (error) {
    onError(handlerFailure(decoded.message, error));
    return 0;
  }
}

export interface KafkaJsLatestReadContext {
  readonly kafka: Kafka;
  readonly admin: Admin;
  readonly topicPrefix: string;
  readonly groupIdPrefix: string;
  readonly timings: ConsumerTimings;
}

/**
 * Reads the latest-frame topics from their start to the end they had when the read began, with a
 * throwaway consumer group that commits nothing, then leaves. How long it may take in all: the
 * join timeout (the read of a compacted topic is one record per match and audience).
 */
export async function readLatestWithKafkaJs(
  context: KafkaJsLatestReadContext,
  topics: readonly string[],
  handler: BusHandler,
  onError: (error: BusDeliveryError) => void,
): Promise<number> {
  const { kafka, admin, topicPrefix, groupIdPrefix, timings } = context;
  const ends = new Map(
    await Promise.all(
      topics.map(
        async (topic) =>
          [
            topic,
            new Map(
              (await admin.fetchTopicOffsets(topic)).map(({ partition, high }) => [partition, Number(high)]),
            ),
          ] as const,
      ),
    ),
  );
  const progress = new LatestReadProgress(ends);
  if (progress.empty) return 0;
  const groupId = `${groupIdPrefix}.latest.${randomUUID()}`;
  const consumer = kafka.consumer({
    groupId,
    sessionTimeout: timings.sessionTimeoutMs,
    heartbeatInterval: timings.heartbeatIntervalMs,
    maxWaitTimeInMs: timings.maxWaitTimeMs,
    allowAutoTopicCreation: false,
  });
  let handed = 0;
  try {
    await consumer.connect();
    await consumer.subscribe({ topics: [...topics], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ topic, partition, message }) => {
        handed += await deliverLatestRecord(topicPrefix, topic, partition, message, handler, onError);
        progress.read(topic, partition, message.offset);
      },
    });
    await withTimeout(
      progress.done,
      timings.joinTimeoutMs,
      `the latest-frame topics ${topics.join(', ')} were not read to their end within ${String(timings.joinTimeoutMs)} ms`,
    );
  } finally {
    await consumer.disconnect();
  }
  return handed;
}
