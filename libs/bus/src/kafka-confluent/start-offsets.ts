import type { ConfluentLookupClient } from './confluent-client';

const LOOKUP_TIMEOUT_MS = 5_000;

/** Per topic, per partition: the end of the log when the subscription started. */
export interface ConfluentStartOffsets {
  readonly ends: Map<string, Map<number, number>>;
  /** Topics with no partitions yet when the subscription started: all they hold was published since. */
  readonly newTopics: ReadonlySet<string>;
}

/**
 * The end of every partition of `topics` before the consumer joins (see AssignmentOffsets for
 * why). Looked up on the producer's librdkafka handle (a Metadata request, which also
 * auto-creates a missing topic, then ListOffsets per partition): the KafkaJS-compatible admin's
 * `fetchTopicOffsets` first describes the topic with a request librdkafka's mock cluster (kcat's
 * librdkafka 2.0) never answers.
 */
export async function captureConfluentStartOffsets(
  lookup: ConfluentLookupClient,
  topics: readonly string[],
): Promise<ConfluentStartOffsets> {
  const ends = new Map<string, Map<number, number>>();
  const newTopics = new Set<string>();
  for (const topic of topics) {
    const partitions = await partitionsOf(lookup, topic);
    if (partitions.length === 0) newTopics.add(topic);
    const highs = await Promise.all(partitions.map((partition) => highWatermark(lookup, topic, partition)));
    ends.set(topic, new Map(partitions.map((partition, at) => [partition, highs[at] ?? 0])));
  }
  return { ends, newTopics };
}

function partitionsOf(lookup: ConfluentLookupClient, topic: string): Promise<number[]> {
  return new Promise((resolve, reject) => {
    lookup.getMetadata({ topic, timeout: LOOKUP_TIMEOUT_MS }, (error, metadata) => {
      if (error) reject(error);
      else {
        const found = metadata.topics.find((entry) => entry.name === topic);
        resolve((found?.partitions ?? []).map((partition) => partition.id));
      }
    });
  });
}

function highWatermark(lookup: ConfluentLookupClient, topic: string, partition: number): Promise<number> {
  return new Promise((resolve, reject) => {
    lookup.queryWatermarkOffsets(topic, partition, LOOKUP_TIMEOUT_MS, (error, offsets) => {
      if (error) reject(error);
      else resolve(offsets.highOffset);
    });
  });
}
