import { randomUUID } from 'node:crypto';
import { describeBusMessage, findBusMessageProblem, type BusMessage } from '../bus-message';
import { BusClosedError, BusConfigurationError, BusUnavailableError } from '../errors';
import type { KafkaBusLogEntry, KafkaBusOptions } from '../kafka/kafka-bus';
import type { ConsumerTimings } from '../kafka/kafka-subscription';
import { PublishQueue } from '../kafka/publish-queue';
import { encodeRecord } from '../kafka/record-codec';
import { assertValidTopicPrefix, topicFor } from '../kafka/topics';
import type { BusHandler, BusSubscribeOptions, BusSubscription, FeedBus } from '../port';
import { resolveSubscribeOptions } from '../subscribe-options';
import {
  loadConfluentKafkaJs,
  type ConfluentAdmin,
  type ConfluentKafka,
  type ConfluentKafkaJs,
  type ConfluentLogger,
  type ConfluentLookupClient,
  type ConfluentProducer,
} from './confluent-client';
import { startConfluentSubscription } from './confluent-subscription';

const DEFAULT_TIMINGS: ConsumerTimings = {
  sessionTimeoutMs: 30_000,
  heartbeatIntervalMs: 3_000,
  maxWaitTimeMs: 500,
  joinTimeoutMs: 60_000,
};

// The KafkaJS-compatible API's log levels (its `logLevel` enum): nothing, or up to info.
const LOG_NOTHING = 0;
const LOG_INFO = 4;

/**
 * The Kafka bus on `@confluentinc/kafka-javascript` (librdkafka): the same topics, keys, headers,
 * options and guarantees as `createKafkaBus` (kafkajs), so the two interoperate on one cluster.
 * librdkafka fetches on its own threads, so an idle gateway costs a few ms of CPU per second
 * where kafkajs' fetch loop costs tens (bus README). The native module is loaded here, not at
 * import: without it this rejects with a BusConfigurationError saying how to install it.
 */
export async function createConfluentKafkaBus(options: KafkaBusOptions): Promise<FeedBus> {
  if (options.brokers.length === 0)
    throw new BusConfigurationError('brokers must list at least one host:port');
  if (options.clientId.length === 0) throw new BusConfigurationError('clientId must be non-empty');
  assertValidTopicPrefix(options.topicPrefix);
  const client = loadConfluentKafkaJs();
  const logger = options.onLog === undefined ? undefined : busLogger(options.onLog);
  const kafka = new client.Kafka({
    kafkaJS: {
      clientId: options.clientId,
      brokers: [...options.brokers],
      retry: { retries: options.retries ?? 5 },
      logLevel: logger === undefined ? LOG_NOTHING : LOG_INFO,
      ...(logger === undefined ? {} : { logger }),
    },
  });
  const producer = kafka.producer({
    // acks=all and one request in flight: a retried request cannot overtake a later one, so each
    // partition (each match) keeps publish order. The default partitioner is murmur2 on the key,
    // like kafkajs' DefaultPartitioner: both clients put a match on the same partition.
    kafkaJS: { acks: -1, allowAutoTopicCreation: true, maxInFlightRequests: 1 },
    // The publish queue already batches what arrives during a send; lingering would only add latency.
    'linger.ms': 0,
  });
  const admin = kafka.admin();
  try {
    await Promise.all([producer.connect(), admin.connect()]);
  } catch (error) {
    await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    const detail = error instanceof Error ? error.message : String(error);
    throw new BusUnavailableError(`cannot connect to brokers ${options.brokers.join(',')}: ${detail}`, {
      cause: error,
    });
  }
  const lookup = producer._getInternalClient();
  if (lookup === null) {
    await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    throw new BusConfigurationError(
      'the Confluent producer has no librdkafka handle to look offsets up with',
    );
  }
  return new ConfluentKafkaBus(client, kafka, producer, lookup, admin, options);
}

class ConfluentKafkaBus implements FeedBus {
  private readonly queue: PublishQueue;
  private readonly subscriptions = new Set<Promise<BusSubscription>>();
  private readonly timings: ConsumerTimings;
  private closed = false;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly client: ConfluentKafkaJs,
    private readonly kafka: ConfluentKafka,
    private readonly producer: ConfluentProducer,
    private readonly lookup: ConfluentLookupClient,
    private readonly admin: ConfluentAdmin,
    private readonly options: KafkaBusOptions,
  ) {
    this.timings = { ...DEFAULT_TIMINGS, ...options.consumer };
    this.queue = new PublishQueue((batch) => this.send(batch), options.maxBatch ?? 500);
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
    const groupId = resolved.groupId ?? `${this.options.clientId}.${randomUUID()}`;
    const { topicPrefix, onReceived } = this.options;
    const context = {
      kafka: this.kafka,
      lookup: this.lookup,
      assignCode: this.client.ErrorCodes.ERR__ASSIGN_PARTITIONS,
      timings: this.timings,
      groupId,
      ownGroup: resolved.groupId === undefined,
      topicPrefix,
      ...(onReceived ? { onReceived } : {}),
    };
    const starting = startConfluentSubscription(context, handler, resolved);
    this.subscriptions.add(starting);
    starting.catch(() => this.subscriptions.delete(starting)).catch(() => undefined);
    return starting.then((subscription) => ({
      close: async () => {
        this.subscriptions.delete(starting);
        await subscription.close();
      },
    }));
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
    await Promise.all([this.producer.disconnect(), this.admin.disconnect()]);
  }

  private async send(batch: readonly BusMessage[]): Promise<void> {
    const byTopic = new Map<string, ReturnType<typeof encodeRecord>[]>();
    for (const message of batch) {
      const topic = topicFor(this.options.topicPrefix, message.audience);
      const records = byTopic.get(topic);
      if (records === undefined) byTopic.set(topic, [encodeRecord(message)]);
      else records.push(encodeRecord(message));
    }
    await this.producer.sendBatch({
      topicMessages: [...byTopic].map(([topic, records]) => ({
        topic,
        messages: records.map((record) => ({ ...record })),
      })),
    });
  }
}

/** librdkafka's log through the KafkaJS-compatible logger interface, to the bus's `onLog`. */
function busLogger(onLog: (entry: KafkaBusLogEntry) => void): ConfluentLogger {
  const at =
    (level: KafkaBusLogEntry['level']) =>
    (message: string, extra?: object): void => {
      const facility = (extra as { fac?: unknown } | undefined)?.fac;
      onLog({ level, namespace: typeof facility === 'string' ? facility : 'librdkafka', message });
    };
  const logger: ConfluentLogger = {
    info: at('info'),
    error: at('error'),
    warn: at('warn'),
    debug: at('debug'),
    namespace: () => logger,
    setLogLevel: () => undefined,
  };
  return logger;
}
