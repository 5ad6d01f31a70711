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
  record: LatestRecord,
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

/** One fetched record of a latest-frame topic, as either client hands it over. */
export type LatestRecord = IncomingRecord & { readonly offset: string };

/**
 * What the read of the latest-frame topics needs of a throwaway consumer, whichever client made
 * it: each client's own options (its group, its start at the earliest offset, no commits) are
 * set where it is made.
 */
export interface LatestTopicsConsumer {
  /** Connects and subscribes to `topics`, from their earliest offset. */
  start(topics: readonly string[]): Promise<void>;
  /** Hands every record to `eachRecord`, one at a time, committing nothing. */
  run(eachRecord: (topic: string, partition: number, record: LatestRecord) => Promise<void>): Promise<void>;
  disconnect(): Promise<void>;
}

/** The read of the latest-frame topics, once their ends are known; the consumer is the client's. */
export interface LatestTopicsRead {
  readonly topics: readonly string[];
  /** Each partition's end offset when the read began (how each client looks it up differs). */
  readonly ends: LatestTopicEnds;
  readonly topicPrefix: string;
  /** How long the read may take in all. */
  readonly timeoutMs: number;
  /** Makes the throwaway consumer; not called when every partition is empty. */
  readonly consumer: () => LatestTopicsConsumer;
}

/**
 * Reads the latest-frame topics from their start to the ends they had when the read began, handing
 * each frame to the handler (a record that is not one, or a handler failure, goes to `onError`),
 * then lets the consumer go. Returns how many frames the handler took. Both clients' `readLatest`.
 */
export async function readLatestTopics(
  read: LatestTopicsRead,
  handler: BusHandler,
  onError: (error: BusDeliveryError) => void,
): Promise<number> {
  const { topics, topicPrefix, timeoutMs } = read;
  const progress = new LatestReadProgress(read.ends);
  if (progress.empty) return 0;
  const consumer = read.consumer();
  let handed = 0;
  try {
    await consumer.start(topics);
    await consumer.run(async (topic, partition, record) => {
      handed += await deliverLatestRecord(topicPrefix, topic, partition, record, handler, onError);
      progress.read(topic, partition, record.offset);
    });
    await withTimeout(
      progress.done,
      timeoutMs,
      `the latest-frame topics ${topics.join(', ')} were not read to their end within ${String(timeoutMs)} ms`,
    );
  } finally {
    await consumer.disconnect();
  }
  return handed;
}

export interface KafkaJsLatestReadContext {
  readonly kafka: Kafka;
  readonly admin: Admin;
  readonly topicPrefix: string;
  readonly groupIdPrefix: string;
  readonly timings: ConsumerTimings;
}

/**
 * kafkajs's read of the latest-frame topics (readLatestTopics): their ends from the admin client,
 * then a throwaway consumer group that commits nothing, then leaves. How long it may take in all:
 * the join timeout (the read of a compacted topic is one record per match and audience).
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
  const consumer = (): LatestTopicsConsumer => {
    const kafkaJs = kafka.consumer({
      groupId: `${groupIdPrefix}.latest.${randomUUID()}`,
      sessionTimeout: timings.sessionTimeoutMs,
      heartbeatInterval: timings.heartbeatIntervalMs,
      maxWaitTimeInMs: timings.maxWaitTimeMs,
      allowAutoTopicCreation: false,
    });
    return {
      async start(names) {
        await kafkaJs.connect();
        await kafkaJs.subscribe({ topics: [...names], fromBeginning: true });
      },
      run: (eachRecord) =>
        kafkaJs.run({
          autoCommit: false,
          eachMessage: ({ topic, partition, message }) => eachRecord(topic, partition, message),
        }),
      disconnect: () => kafkaJs.disconnect(),
    };
  };
  return readLatestTopics(
    { topics, ends, topicPrefix, timeoutMs: timings.joinTimeoutMs, consumer },
    handler,
    onError,
  );
}
