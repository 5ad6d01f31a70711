import { BusConfigurationError } from '../errors';
import {
  assertValidBusIdentity,
  checkTopicsOrDisconnect,
  connectProducerAndAdmin,
  DEFAULT_CONSUMER_TIMINGS,
} from '../kafka/bus-setup';
import { KafkaClientBus, type KafkaBusClient } from '../kafka/client-bus';
import type { KafkaBusLogEntry, KafkaBusOptions } from '../kafka/kafka-bus';
import type { FeedBus } from '../port';
import {
  loadConfluentKafkaJs,
  type ConfluentAdmin,
  type ConfluentKafka,
  type ConfluentKafkaJs,
  type ConfluentLogger,
  type ConfluentLookupClient,
  type ConfluentProducer,
} from './confluent-client';
import { readLatestWithConfluent } from './confluent-latest-read';
import { startConfluentSubscription } from './confluent-subscription';

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
  assertValidBusIdentity(options);
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
    // Idempotent (enable.idempotence): a retried request is written once and in order.
    kafkaJS: {
      acks: -1,
      allowAutoTopicCreation: false,
      idempotent: options.idempotent ?? true,
      maxInFlightRequests: 1,
    },
    // The publish queue already batches what arrives during a send; lingering would only add latency.
    'linger.ms': 0,
  });
  const admin = kafka.admin();
  await connectProducerAndAdmin(options.brokers, producer, admin, options.connectTimeoutMs);
  await checkTopicsOrDisconnect(options.topicPrefix, () => admin.listTopics(), [producer, admin]);
  const lookup = producer._getInternalClient();
  if (lookup === null) {
    await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    throw new BusConfigurationError(
      'the Confluent producer has no librdkafka handle to look offsets up with',
    );
  }
  return new KafkaClientBus(confluentClient(client, kafka, producer, lookup, admin, options), options);
}

/** The Confluent side of the bus: its producer's batch send, its consumers, its disconnects. */
function confluentClient(
  client: ConfluentKafkaJs,
  kafka: ConfluentKafka,
  producer: ConfluentProducer,
  lookup: ConfluentLookupClient,
  admin: ConfluentAdmin,
  options: KafkaBusOptions,
): KafkaBusClient {
  const timings = { ...DEFAULT_CONSUMER_TIMINGS, ...options.consumer };
  const { topicPrefix, onReceived } = options;
  const assignCode = client.ErrorCodes.ERR__ASSIGN_PARTITIONS;
  return {
    // acks=all is the producer's own setting here (see createConfluentKafkaBus).
    sendBatch: async (topicMessages) => {
      await producer.sendBatch({ topicMessages });
    },
    startSubscription: (group, handler, resolved) =>
      startConfluentSubscription(
        { kafka, lookup, assignCode, timings, ...group, topicPrefix, ...(onReceived ? { onReceived } : {}) },
        handler,
        resolved,
      ),
    readLatest: (topics, handler, onError) =>
      readLatestWithConfluent(
        { kafka, lookup, topicPrefix, groupIdPrefix: options.groupIdPrefix ?? options.clientId, timings },
        topics,
        handler,
        onError,
      ),
    disconnect: async () => {
      await Promise.all([producer.disconnect(), admin.disconnect()]);
    },
  };
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
