import { randomUUID } from 'node:crypto';
import type { BusDeliveryError } from '../errors';
import type { ConsumerTimings } from '../kafka/kafka-subscription';
import { readLatestTopics, type LatestTopicsConsumer } from '../kafka/latest-read';
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
 * The Confluent client's read of the latest-frame topics (readLatestTopics): their ends looked up
 * on the producer's librdkafka handle, then a throwaway group from the earliest offset that
 * commits nothing, until every partition reached the end it had.
 */
export async function readLatestWithConfluent(
  context: ConfluentLatestReadContext,
  topics: readonly string[],
  handler: BusHandler,
  onError: (error: BusDeliveryError) => void,
): Promise<number> {
  const { kafka, lookup, topicPrefix, groupIdPrefix, timings } = context;
  const { ends } = await captureConfluentStartOffsets(lookup, topics);
  const consumer = (): LatestTopicsConsumer => {
    const confluent = kafka.consumer({
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
    return {
      async start(names) {
        await confluent.connect();
        await confluent.subscribe({ topics: [...names] });
      },
      run: (eachRecord) =>
        confluent.run({
          eachMessage: ({ topic, partition, message }) => eachRecord(topic, partition, message),
        }),
      disconnect: () => confluent.disconnect(),
    };
  };
  return readLatestTopics(
    { topics, ends, topicPrefix, timeoutMs: timings.joinTimeoutMs, consumer },
    handler,
    onError,
  );
}
