import type { Admin, Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import type { Audience } from '../audience';
import type { BusHandler, BusSubscription } from '../port';
import type { ResolvedSubscribeOptions } from '../subscribe-options';
import { DeliveryQueue } from './delivery-queue';
import { consumerCrashed, decodeTopicRecord, frameDeliverer, malformedRecord } from './frame-delivery';
import { startConsumer } from './consumer-start';
import { OWN_GROUP_COMMIT_INTERVAL_MS, ownGroupCommitter } from './own-group-commits';
import { captureStartOffsets, type StartOffsets } from './start-offsets';
import { topicFor } from './topics';

// Long enough not to spin on a broker that keeps refusing, short next to a hand's length.
const RESTART_DELAY_MS = 500;
// Frames a subscription of its own group may hold ahead of its handler (about 1.3 kB each for a venue frame).
const DELIVERY_QUEUE_LIMIT = 1_000;

export interface ConsumerTimings {
  readonly sessionTimeoutMs: number;
  readonly heartbeatIntervalMs: number;
  /** Longest a fetch waits for new records; bounds how late a close or rebalance is noticed. */
  readonly maxWaitTimeMs: number;
  /** How long `subscribe()` waits for the consumer group join before giving up. */
  readonly joinTimeoutMs: number;
}

export interface SubscriptionContext {
  readonly kafka: Kafka;
  readonly admin: Admin;
  readonly topicPrefix: string;
  readonly groupId: string;
  /** Whether no other consumer ever joins the group (the default, a random id): see own-group-commits. */
  readonly ownGroup: boolean;
  readonly timings: ConsumerTimings;
  readonly onReceived?: (timing: KafkaReceiveTiming) => void;
}

/** One fetched frame's times (ms since the epoch, each process's own clock). */
export interface KafkaReceiveTiming {
  readonly audience: Audience;
  /** The record's timestamp: set by the producer when it sent the frame. */
  readonly publishedAtMs: number;
  /** When this process had the fetch response with the record. */
  readonly receivedAtMs: number;
}

/**
 * One gateway subscription: one kafkajs consumer in its own consumer group (or the shared one),
 * reading the audience topics partition by partition, so each match (one key, one partition)
 * reaches the handler in publish order.
 */
export async function startKafkaSubscription(
  context: SubscriptionContext,
  handler: BusHandler,
  options: ResolvedSubscribeOptions,
): Promise<BusSubscription> {
  const { kafka, admin, topicPrefix, groupId, ownGroup, timings, onReceived } = context;
  const commitOwnGroup = ownGroup ? ownGroupCommitter() : undefined;
  const topics = [...options.audiences].map((audience) => topicFor(topicPrefix, audience));
  const startOffsets = await captureStartOffsets(admin, groupId, topics);
  let closing = false;
  const consumer = kafka.consumer({
    groupId,
    sessionTimeout: timings.sessionTimeoutMs,
    heartbeatInterval: timings.heartbeatIntervalMs,
    maxWaitTimeInMs: timings.maxWaitTimeMs,
    allowAutoTopicCreation: false,
  });
  const joined = watchJoins(consumer, startOffsets);
  // Down from a crash (kafkajs restarts the consumer, or the timer below does) until the next
  // group join: every restart, kafkajs' own or ours, joins again before it fetches.
  let down = false;
  consumer.on(consumer.events.GROUP_JOIN, () => {
    if (!down || closing) return;
    down = false;
    options.onHealth({ live: true });
  });
  const delivery = frameDeliverer(handler, options.onError, onReceived);
  // A group of its own hands frames over after eachBatch returns, so kafkajs' next fetch overlaps
  // the handler (see DeliveryQueue). A named group keeps delivering inside eachBatch: its offsets
  // are resolved only after the handler, so a member that dies leaves nothing undelivered for the
  // member that takes over (a gateway's own group has no other member, and its hub drops by seq
  // what a rejoin fetches again).
  const queue = ownGroup ? new DeliveryQueue(DELIVERY_QUEUE_LIMIT) : undefined;
  const eachBatch = async (payload: EachBatchPayload): Promise<void> => {
    const { batch } = payload;
    // The whole batch came in one fetch response.
    const receivedAtMs = Date.now();
    for (const record of batch.messages) {
      // Stop before the next record, unresolved, so a group that rejoins gets it again.
      if (closing || !payload.isRunning() || payload.isStale()) return;
      const decoded = decodeTopicRecord(topicPrefix, batch.topic, record);
      let backlog: Promise<void> | undefined;
      if (decoded.ok) {
        const deliverFrame = delivery(decoded.message, Number(record.timestamp), receivedAtMs);
        if (queue === undefined) await deliverFrame();
        else backlog = queue.push(deliverFrame);
      } else {
        options.onError(malformedRecord(batch.topic, batch.partition, record.offset, decoded.problem));
      }
      payload.resolveOffset(record.offset);
      await payload.heartbeat();
      if (backlog !== undefined) await backlog;
    }
    await commitOwnGroup?.(payload);
  };

  const run = (): Promise<void> =>
    consumer.run({
      eachBatchAutoResolve: false,
      eachBatch,
      ...(ownGroup ? { autoCommit: false, autoCommitInterval: OWN_GROUP_COMMIT_INTERVAL_MS } : {}),
    });
  let restartTimer: NodeJS.Timeout | undefined;
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    // A gateway keeps trying rather than going quiet: kafkajs itself gives up on errors it deems
    // fatal (the mock answers a stale leader's SyncGroup with INVALID_REQUEST), but a fresh join
    // heals those. Every crash still reaches onError.
    const restartHere = !payload.restart && !closing;
    const what = payload.restart
      ? 'kafkajs restarts it'
      : restartHere
        ? `restarting in ${RESTART_DELAY_MS} ms`
        : 'closing';
    const crashed = consumerCrashed(`consumer of group ${groupId} crashed (${what})`, payload.error);
    options.onError(crashed);
    if (closing) return;
    down = true;
    options.onHealth({ live: false, reason: crashed.message });
    if (!restartHere) return;
    restartTimer = setTimeout(() => {
      if (closing) return;
      consumer
        .connect()
        .then(run)
        .catch((error: unknown) => {
          options.onError(consumerCrashed(`restart of group ${groupId} failed`, error));
        });
    }, RESTART_DELAY_MS);
  });

  const subscribeAndRun = async (): Promise<void> => {
    await consumer.subscribe({ topics, fromBeginning: false });
    await run();
  };
  await startConsumer(consumer, subscribeAndRun, joined, groupId, timings.joinTimeoutMs);

  let closed: Promise<void> | undefined;
  return {
    close: () => {
      closing = true;
      clearTimeout(restartTimer);
      // The frame being handled finishes and queued ones are dropped (the subscription is over);
      // kafkajs waits for the batch in progress, commits the resolved offsets and leaves the group.
      closed ??= (queue?.close() ?? Promise.resolve()).then(() => consumer.disconnect());
      return closed;
    },
  };
}

/** Seeks fresh partitions on every assignment (once each); resolves on the first join. */
function watchJoins(consumer: Consumer, startOffsets: StartOffsets): Promise<void> {
  return new Promise((resolve) => {
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      for (const [topic, partitions] of Object.entries(payload.memberAssignment)) {
        const fresh = startOffsets.get(topic);
        for (const partition of partitions) {
          const offset = fresh?.get(partition);
          if (offset === undefined) continue;
          // Applied before the first fetch of this assignment (kafkajs emits GROUP_JOIN first).
          consumer.seek({ topic, partition, offset });
          fresh?.delete(partition);
        }
      }
      resolve();
    });
  });
}
