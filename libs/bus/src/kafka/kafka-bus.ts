import { Kafka, Partitioners, logLevel, type Admin, type LogEntry, type Producer } from 'kafkajs';
import type { FeedBus } from '../port';
import { assertValidBusIdentity, connectProducerAndAdmin, DEFAULT_CONSUMER_TIMINGS } from './bus-setup';
import { KafkaClientBus, type KafkaBusClient } from './client-bus';
import { startKafkaSubscription, type ConsumerTimings, type KafkaReceiveTiming } from './kafka-subscription';
import { fixKafkaJsIdleTimerLoop } from './request-queue-idle-fix';

export interface KafkaBusOptions {
  /** `host:port` bootstrap brokers (the server's config parses `KAFKA_BROKERS` into this). */
  readonly brokers: readonly string[];
  readonly clientId: string;
  /** Topics are `<topicPrefix>.<audience>`, created by the brokers on first use. */
  readonly topicPrefix: string;
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
}

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
  });
  const producer = kafka.producer({
    allowAutoTopicCreation: true,
    // murmur2 on the key, like the Java client, so every client maps a match to the same partition.
    createPartitioner: Partitioners.DefaultPartitioner,
    maxInFlightRequests: 1,
  });
  const admin = kafka.admin();
  await connectProducerAndAdmin(options.brokers, producer, admin, options.connectTimeoutMs);
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
    disconnect: async () => {
      await Promise.all([producer.disconnect(), admin.disconnect()]);
    },
  };
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
