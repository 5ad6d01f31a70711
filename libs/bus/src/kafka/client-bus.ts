import { randomUUID } from 'node:crypto';
import { describeBusMessage, findBusMessageProblem, type BusMessage } from '../bus-message';
import { BusClosedError, BusConfigurationError } from '../errors';
import type { BusHandler, BusSubscribeOptions, BusSubscription, FeedBus } from '../port';
import { resolveSubscribeOptions, type ResolvedSubscribeOptions } from '../subscribe-options';
import { PublishQueue } from './publish-queue';
import { encodeRecord, type OutgoingRecord } from './record-codec';
import { latestTopicFor, topicFor } from './topics';

/** One topic's records of a publish batch, in publish order. */
export interface TopicRecords {
  readonly topic: string;
  readonly messages: OutgoingRecord[];
}

/** Where a subscription's consumer joins: its group, and whether that group is its alone. */
export interface SubscriptionGroup {
  readonly groupId: string;
  /** Whether no other consumer ever joins the group (the default, a random id): see own-group-commits. */
  readonly ownGroup: boolean;
}

/** What differs per Kafka client (kafkajs, Confluent's librdkafka): the bus around it does not. */
export interface KafkaBusClient {
  /** One produce request with acks=all, so a send resolves only once every replica has it. */
  sendBatch(topicMessages: TopicRecords[]): Promise<void>;
  startSubscription(
    group: SubscriptionGroup,
    handler: BusHandler,
    options: ResolvedSubscribeOptions,
  ): Promise<BusSubscription>;
  /** Reads the latest-frame topics to their end (see FeedBus.readLatest); resolves with the frames handed over. */
  readLatest(
    topics: readonly string[],
    handler: BusHandler,
    onError: ResolvedSubscribeOptions['onError'],
  ): Promise<number>;
  /** Disconnects the producer and the admin (or lookup) client once every subscription closed. */
  disconnect(): Promise<void>;
}

export interface ClientBusOptions {
  readonly clientId: string;
  readonly topicPrefix: string;
  /** Own groups are `<groupIdPrefix>.<random>` (default: the clientId). */
  readonly groupIdPrefix?: string;
  /** Most messages sent in one produce request (default 500). */
  readonly maxBatch?: number;
  /** Most publishes waiting for the brokers before `publish` refuses (default 10,000). */
  readonly maxQueued?: number;
}

export const DEFAULT_MAX_QUEUED = 10_000;

/**
 * The bus across processes on either Kafka client: publishes go through one PublishQueue (one
 * request at a time, so a partition keeps its order), subscriptions are tracked from the moment
 * they start so `close` can wait for and close those still joining, and `close` flushes first.
 */
export class KafkaClientBus implements FeedBus {
  private readonly queue: PublishQueue;
  private readonly subscriptions = new Set<Promise<BusSubscription>>();
  private closed = false;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly client: KafkaBusClient,
    private readonly options: ClientBusOptions,
  ) {
    this.queue = new PublishQueue(
      (batch) => this.send(batch),
      options.maxBatch ?? 500,
      options.maxQueued ?? DEFAULT_MAX_QUEUED,
    );
  }

  publish(message: BusMessage): Promise<void> {
    if (this.closed) {
      return Promise.reject(new BusClosedError('publish', `of ${describeBusMessage(message)}`));
    }
    const problem = findBusMessageProblem(message);
    if (problem !== undefined) return Promise.reject(problem);
    return this.queue.enqueue(message);
  }

  subscribe(handler: BusHandler, options?: BusSubscribeOptions): Promise<BusSubscription> {
    if (this.closed) return Promise.reject(new BusClosedError('subscribe', 'of a new subscriber'));
    const resolved = resolveSubscribeOptions(options);
    if (resolved instanceof BusConfigurationError) return Promise.reject(resolved);
    // Its own consumer group by default: every gateway receives every frame of its audiences.
    const group = {
      groupId: resolved.groupId ?? `${this.options.groupIdPrefix ?? this.options.clientId}.${randomUUID()}`,
      ownGroup: resolved.groupId === undefined,
    };
    const starting = this.client.startSubscription(group, handler, resolved);
    this.subscriptions.add(starting);
    starting.catch(() => this.subscriptions.delete(starting)).catch(() => undefined);
    return starting.then((subscription) => ({
      close: async () => {
        this.subscriptions.delete(starting);
        await subscription.close();
      },
    }));
  }

  readLatest(handler: BusHandler, options?: Pick<BusSubscribeOptions, 'audiences'>): Promise<number> {
    if (this.closed) return Promise.reject(new BusClosedError('subscribe', 'of a latest-frame read'));
    const resolved = resolveSubscribeOptions(options);
    if (resolved instanceof BusConfigurationError) return Promise.reject(resolved);
    const topics = [...resolved.audiences].map((audience) =>
      latestTopicFor(this.options.topicPrefix, audience),
    );
    return this.client.readLatest(topics, handler, resolved.onError);
  }

  close(): Promise<void> {
    this.closed = true;
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    await this.queue.flush();
    const starting = [...this.subscriptions];
    this.subscriptions.clear();
    const started = await Promise.allSettled(starting);
    const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    await Promise.all(running.map((subscription) => subscription.close()));
    await this.client.disconnect();
  }

  private send(batch: readonly BusMessage[]): Promise<void> {
    return this.client.sendBatch(recordsByTopic(this.options.topicPrefix, batch));
  }
}

/**
 * A batch's records grouped by audience topic, each topic's in publish order, and each match's
 * last frame of the batch on its audience's latest-frame topic (compacted: only the last one per
 * match is ever read from it). Both go in the one acks=all request, so a frame a gateway fetched
 * live is on the latest-frame topic too.
 */
export function recordsByTopic(topicPrefix: string, batch: readonly BusMessage[]): TopicRecords[] {
  const byTopic = new Map<string, OutgoingRecord[]>();
  const latest = new Map<string, Map<string, OutgoingRecord>>();
  for (const message of batch) {
    const topic = topicFor(topicPrefix, message.audience);
    const record = encodeRecord(message);
    const records = byTopic.get(topic);
    if (records === undefined) byTopic.set(topic, [record]);
    else records.push(record);
    const latestTopic = latestTopicFor(topicPrefix, message.audience);
    const latestOfTopic = latest.get(latestTopic) ?? new Map<string, OutgoingRecord>();
    // Re-inserted so the records stay in publish order of each match's last frame.
    latestOfTopic.delete(message.matchId);
    // A record of its own: the Confluent client rewrites a sent record's headers in place.
    latestOfTopic.set(message.matchId, encodeRecord(message));
    latest.set(latestTopic, latestOfTopic);
  }
  return [
    ...[...byTopic].map(([topic, records]) => ({ topic, messages: records })),
    ...[...latest].map(([topic, records]) => ({ topic, messages: [...records.values()] })),
  ];
}
