import { DeliveryQueue } from '../kafka/delivery-queue';
import { consumerCrashed, decodeTopicRecord, frameDeliverer, malformedRecord } from '../kafka/frame-delivery';
import { startConsumer } from '../kafka/consumer-start';
import type { ConsumerTimings, KafkaReceiveTiming } from '../kafka/kafka-subscription';
import { topicFor } from '../kafka/topics';
import type { BusHandler, BusSubscription } from '../port';
import type { ResolvedSubscribeOptions } from '../subscribe-options';
import type {
  ConfluentEachMessagePayload,
  ConfluentKafka,
  ConfluentLookupClient,
  ConfluentTopicPartition,
} from './confluent-client';
import { AssignmentOffsets, type CommittedLookup } from './assignment-offsets';
import { watchBrokerReachability } from './broker-reachability';
import { ConsumerHealth } from './consumer-health';
import { captureConfluentStartOffsets } from './start-offsets';

// Frames a subscription of its own group may hold ahead of its handler, as in the kafkajs adapter.
const DELIVERY_QUEUE_LIMIT = 1_000;
// A named group's commit interval: librdkafka commits what was handled at this pace, on every
// revocation and on close, so another member takes over where this one stopped.
const NAMED_GROUP_COMMIT_INTERVAL_MS = 1_000;
const LOOKUP_TIMEOUT_MS = 5_000;
// How often a consumer whose brokers are all down asks whether they are back.
const REACHABILITY_PROBE_MS = 1_000;
// The causes a consumer stops fetching for (ConsumerHealth).
const BROKERS = 'brokers';
const ASSIGNMENT = 'assignment';

export interface ConfluentSubscriptionContext {
  readonly kafka: ConfluentKafka;
  readonly lookup: ConfluentLookupClient;
  /** librdkafka's ERR__ASSIGN_PARTITIONS, which the rebalance callback receives on an assignment. */
  readonly assignCode: number;
  readonly topicPrefix: string;
  readonly groupId: string;
  /** Whether no other consumer ever joins the group (the default, a random id). */
  readonly ownGroup: boolean;
  readonly timings: ConsumerTimings;
  readonly onReceived?: (timing: KafkaReceiveTiming) => void;
}

/**
 * One gateway subscription: one librdkafka consumer in its own consumer group (or the shared
 * one). Its one worker hands messages over one at a time, partition order kept, so each match
 * (one key, one partition) reaches the handler in publish order.
 */
export async function startConfluentSubscription(
  context: ConfluentSubscriptionContext,
  handler: BusHandler,
  options: ResolvedSubscribeOptions,
): Promise<BusSubscription> {
  const { kafka, lookup, assignCode, topicPrefix, groupId, ownGroup, timings, onReceived } = context;
  const topics = [...options.audiences].map((audience) => topicFor(topicPrefix, audience));
  const start = await captureConfluentStartOffsets(lookup, topics);
  // Set below: the rebalance callback runs only once the consumer exists.
  let committed: CommittedLookup = () => Promise.resolve([]);
  const offsets = new AssignmentOffsets(start, ownGroup, (partitions) => committed(partitions));
  let closing = false;
  // A closing subscription reports nothing more (its revocation on close is no failure).
  const health = new ConsumerHealth((reported) => {
    if (!closing) options.onHealth(reported);
  });
  let joined: () => void = () => undefined;
  const firstJoin = new Promise<void>((resolve) => {
    joined = resolve;
  });
  const consumer = kafka.consumer({
    kafkaJS: {
      groupId,
      sessionTimeout: timings.sessionTimeoutMs,
      heartbeatInterval: timings.heartbeatIntervalMs,
      maxWaitTimeInMs: timings.maxWaitTimeMs,
      allowAutoTopicCreation: false,
      fromBeginning: false,
      // A group of its own commits nothing: no one else ever reads its offsets (its id is random),
      // and after a rejoin the rebalance callback puts it back where it was (AssignmentOffsets).
      autoCommit: !ownGroup,
      ...(ownGroup ? {} : { autoCommitInterval: NAMED_GROUP_COMMIT_INTERVAL_MS }),
    },
    'fetch.wait.max.ms': timings.maxWaitTimeMs,
    // Called on every assignment before anything is fetched from it: the place to set where each
    // partition starts (kafkajs' adapter seeks on GROUP_JOIN, an event this API does not have).
    // A revocation marked lost is the group session expired (the coordinator unreachable longer
    // than the session timeout): nothing is fetched until the rejoin assigns the partitions again.
    rebalance_cb: async (
      error: { code: number },
      assignment: ConfluentTopicPartition[],
      assignmentFns?: { assignmentLost(): boolean },
    ): Promise<ConfluentTopicPartition[] | undefined> => {
      if (error.code !== assignCode) {
        if (assignmentFns?.assignmentLost() === true) {
          health.set(ASSIGNMENT, {
            live: false,
            reason: `consumer of group ${groupId} lost its partitions with its group session: rejoining`,
          });
        }
        return undefined;
      }
      health.set(ASSIGNMENT, { live: true });
      try {
        return await offsets.startAt(assignment);
      } catch (lookupError) {
        // Without the committed offsets librdkafka's own start applies (committed, else latest):
        // the subscription still runs, and the possible gap is reported rather than silent.
        options.onError(consumerCrashed(`start offsets of group ${groupId} not set`, lookupError));
        return undefined;
      } finally {
        joined();
      }
    },
  });
  committed = (partitions) => consumer.committed([...partitions], LOOKUP_TIMEOUT_MS);
  const delivery = frameDeliverer(handler, options.onError, onReceived);
  // As in the kafkajs adapter: a group of its own hands frames over on the next turn, so the next
  // message is taken from librdkafka (and its receive time stamped) while the handler fans out the
  // last; a named group delivers inside eachMessage, whose offset is stored only after it returns.
  const queue = ownGroup ? new DeliveryQueue(DELIVERY_QUEUE_LIMIT) : undefined;
  const eachMessage = async ({ topic, partition, message: record }: ConfluentEachMessagePayload) => {
    if (closing) return;
    const receivedAtMs = Date.now();
    offsets.fetched(topic, partition, record.offset);
    const decoded = decodeTopicRecord(topicPrefix, topic, record);
    if (!decoded.ok) {
      options.onError(malformedRecord(topic, partition, record.offset, decoded.problem));
      return;
    }
    const deliverFrame = delivery(decoded.message, Number(record.timestamp), receivedAtMs);
    if (queue === undefined) await deliverFrame();
    else await queue.push(deliverFrame);
  };

  const subscribeAndRun = async (): Promise<void> => {
    await consumer.subscribe({ topics });
    await consumer.run({ eachMessage });
  };
  await startConsumer(consumer, subscribeAndRun, firstJoin, groupId, timings.joinTimeoutMs);
  const internal = consumer._getInternalClient();
  const stopWatching =
    internal === null
      ? () => undefined
      : watchBrokerReachability(
          internal,
          `consumer of group ${groupId} fetches nothing`,
          (reachable) => {
            health.set(BROKERS, reachable);
          },
          REACHABILITY_PROBE_MS,
        );

  let closed: Promise<void> | undefined;
  return {
    close: () => {
      closing = true;
      stopWatching();
      // The frame being handled finishes and queued ones are dropped (the subscription is over).
      // A named group commits what it handled before leaving: librdkafka's close does not (the
      // KafkaJS-compatible API stores offsets itself), and the member that rejoins starts there.
      closed ??= (queue?.close() ?? Promise.resolve())
        .then(() => (ownGroup ? undefined : consumer.commitOffsets()))
        .catch((error: unknown) => {
          options.onError(consumerCrashed(`final commit of group ${groupId} failed`, error));
        })
        .then(() => consumer.disconnect());
      return closed;
    },
  };
}
