import { randomUUID } from 'node:crypto';
import type { BusDeliveryError } from '../errors';
import { withTimeout } from '../kafka/consumer-start';
import type { ConsumerTimings } from '../kafka/kafka-subscription';
import { deliverLatestRecord, LatestReadProgress } from '../kafka/latest-read';
import type { BusHandler } from '../port';
import type { ConfluentKafka, ConfluentLookupClient } from './confluent-client';
import { captureConfluentStartOffsets } from './start-offsets';

export interface ConfluentLatestReadContext {
  readonly kafka: ConfluentKafka;
  readonly lookup: ConfluentLookupClient;
  readonly topicPrefix: string;
  readonly groupIdPrefix: string;
  readonly timings: ConsumerTimings;
}

/**
 * The Confluent client's read of the latest-frame topics (see readLatestWithKafkaJs): their ends
 * looked up on the producer's librdkafka handle, then a throwaway group from the earliest offset
 * that commits nothing, until every partition reached the end it had.
 */
export async function readLatestWithConfluent(
  context: ConfluentLatestReadContext,
  topics: readonly string[],
  handler: BusHandler,
  onError: (error: BusDeliveryError) => void,
): Promise<number> {
  const { kafka, lookup, topicPrefix, groupIdPrefix, timings } = context;
  const { ends } = await captureConfluentStartOffsets(lookup, topics);
  const progress = new LatestReadProgress(ends);
  if (progress.empty) return 0;
  const consumer = kafka.consumer({
    kafkaJS: {
      groupId: `${groupIdPrefix}.latest.${randomUUID()}`,
      sessionTimeout: timings.sessionTimeoutMs,
      heartbeatInterval: timings.heartbeatIntervalMs,
      maxWaitTimeInMs: timings.maxWaitTimeMs,
      allowAutoTopicCreation: false,
      fromBeginning: true,
      autoCommit: false,
    },
    'fetch.wait.max.ms': timings.maxWaitTimeMs,
  });
  let handed = 0;
  try {
    await consumer.connect();
    await consumer.subscribe({ topics: [...topics] });
    await consumer.run({
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
