import {
  Kafka,
  Partitioners,
  logLevel,
  type Admin,
  type ISocketFactory,
  type LogEntry,
  type Producer,
} from 'kafkajs';
import { BusUnavailableError } from '../errors';
import type { FeedBus } from '../port';
import {
  assertValidBusIdentity,
  checkTopicsOrDisconnect,
  connectProducerAndAdmin,
  DEFAULT_CONSUMER_TIMINGS,
} from './bus-setup';
import { KafkaClientBus, type KafkaBusClient } from './client-bus';
import { startKafkaSubscription, type ConsumerTimings, type KafkaReceiveTiming } from './kafka-subscription';
import { readLatestWithKafkaJs } from './latest-read';
import { fixKafkaJsIdleTimerLoop } from './request-queue-idle-fix';

export interface KafkaBusOptions {
  /** `host:port` bootstrap brokers (the server's config parses `KAFKA_BROKERS` into this). */
  readonly brokers: readonly string[];
  readonly clientId: string;
  /**
   * Topics are `<topicPrefix>.<audience>`. They must exist before the bus is created (it checks,
   * naming a missing one): nothing here asks a broker to create a topic with its defaults.
   */
  readonly topicPrefix: string;
  /**
   * The consumer-group id of a subscription without a `groupId` is `<groupIdPrefix>.<random>`
   * (default: the clientId), so a cluster's ACLs can grant a role its groups by prefix.
   */
  readonly groupIdPrefix?: string;
  /**
   * Idempotent producer (default true): a produce request retried after a lost answer is
   * written once, never twice or out of order. kafkajs asks the cluster's controller for its
   * producer id; librdkafka's mock cluster names none, so kafkajs on the mock must turn it off.
   */
  readonly idempotent?: boolean;
  /** Most publishes waiting for the brokers before `publish` refuses (default 10,000; see PublishQueue). */
  readonly maxQueued?: number;
  /** Consumer timings; the defaults suit a real cluster, tests shorten them for the mock. */
  readonly consumer?: Partial<ConsumerTimings>;
  /**
   * How long creation waits for the brokers before failing (milliseconds); unset, the client's own
   * limit holds (librdkafka's 30 s metadata wait; kafkajs' retries).
   */
  readonly connectTimeoutMs?: number;
  /** How often the client retries a failed connection or request before giving up (default 5). */
  readonly retries?: number;
  /** Most messages sent in one produce request. */
  readonly maxBatch?: number;
  /** The Kafka client's own log; silent without it (delivery failures go to `onError`). */
  readonly onLog?: (entry: KafkaBusLogEntry) => void;
  /**
   * Called for every frame a subscription fetched, before its handler: when the producer
   * published it and when this process received it, so a gateway can report the bus hop apart
   * from its own fan-out.
   */
  readonly onReceived?: (timing: KafkaReceiveTiming) => void;
  /**
   * Opens the client's broker connections (kafkajs only; its own plain or TLS socket without it).
   * Fault drills pass one whose sockets they can cut, as a broker outage does.
   */
  readonly socketFactory?: KafkaSocketFactory;
}

/** What opens a kafkajs client's broker connections: a plain or TLS socket to `host:port`. */
export type KafkaSocketFactory = ISocketFactory;

export interface KafkaBusLogEntry {
  readonly level: 'error' | 'warn' | 'info' | 'debug';
  readonly namespace: string;
  readonly message: string;
}

/**
 * The bus across processes: the server's feed producers publish, each gateway process
 * subscribes. Key = match id, so one match stays on one partition, in order. Connects the
 * producer before resolving, so a wrong `KAFKA_BROKERS` fails at boot, not at the first frame.
 */
export async function createKafkaBus(options: KafkaBusOptions): Promise<FeedBus> {
  assertValidBusIdentity(options);
  // Before any connection exists: kafkajs 2.2.4 spins a 1 ms timer per idle connection otherwise.
  fixKafkaJsIdleTimerLoop();
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: [...options.brokers],
    retry: { retries: options.retries ?? 5 },
    logLevel: options.onLog === undefined ? logLevel.NOTHING : logLevel.INFO,
    logCreator: () => (entry) => options.onLog?.(toLogEntry(entry)),
    ...(options.socketFactory === undefined ? {} : { socketFactory: options.socketFactory }),
  });
  const producer = kafka.producer({
    allowAutoTopicCreation: false,
    idempotent: options.idempotent ?? true,
    // murmur2 on the key, like the Java client, so every client maps a match to the same partition.
    createPartitioner: Partitioners.DefaultPartitioner,
    maxInFlightRequests: 1,
  });
  const admin = kafka.admin();
  await connectProducerAndAdmin(options.brokers, producer, admin, options.connectTimeoutMs).catch(
    (error: unknown) => {
      throw withIdempotenceHint(error, options.idempotent ?? true);
    },
  );
  await checkTopicsOrDisconnect(options.topicPrefix, () => admin.listTopics(), [producer, admin]);
  return new KafkaClientBus(kafkaJsClient(kafka, producer, admin, options), options);
}

/** The kafkajs side of the bus: its producer's batch send, its consumers, its disconnects. */
function kafkaJsClient(
  kafka: Kafka,
  producer: Producer,
  admin: Admin,
  options: KafkaBusOptions,
): KafkaBusClient {
  const timings = { ...DEFAULT_CONSUMER_TIMINGS, ...options.consumer };
  const { topicPrefix, onReceived } = options;
  return {
    sendBatch: async (topicMessages) => {
      await producer.sendBatch({ acks: -1, topicMessages });
    },
    startSubscription: (group, handler, resolved) =>
      startKafkaSubscription(
        { kafka, admin, timings, ...group, topicPrefix, ...(onReceived ? { onReceived } : {}) },
        handler,
        resolved,
      ),
    readLatest: (topics, handler, onError) =>
      readLatestWithKafkaJs(
        { kafka, admin, topicPrefix, groupIdPrefix: options.groupIdPrefix ?? options.clientId, timings },
        topics,
        handler,
        onError,
      ),
    disconnect: async () => {
      await Promise.all([producer.disconnect(), admin.disconnect()]);
    },
  };
}

/**
 * kafkajs' idempotent producer gets its producer id from the cluster's controller; a cluster that
 * names a controller it does not list (librdkafka's mock) fails the connect with "Broker 0 not
 * found in the cached metadata". Say what to do about it.
 */
function withIdempotenceHint(error: unknown, idempotent: boolean): unknown {
  if (
    !idempotent ||
    !(error instanceof BusUnavailableError) ||
    !error.message.includes('not found in the cached metadata')
  ) {
    return error;
  }
  return new BusUnavailableError(
    `${error.message.replace(/^feed bus unavailable: /, '')} (kafkajs' idempotent producer asks the cluster's controller for its producer id, and the cluster names none it lists: librdkafka's mock cluster does that; use idempotent: false, KAFKA_IDEMPOTENT=false, only there)`,
    { cause: error },
  );
}

function toLogEntry({ level, namespace, log }: LogEntry): KafkaBusLogEntry {
  const levelName =
    level === logLevel.ERROR
      ? 'error'
      : level === logLevel.WARN
        ? 'warn'
        : level === logLevel.INFO
          ? 'info'
          : 'debug';
  return { level: levelName, namespace, message: log.message };
}
