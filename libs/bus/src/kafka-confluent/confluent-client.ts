import { createRequire } from 'node:module';
import { BusConfigurationError } from '../errors';
import type { ConfluentHealthClient } from './broker-reachability';

/**
 * The slice of `@confluentinc/kafka-javascript`'s KafkaJS-compatible API this adapter uses,
 * written out here so that type-checking and every other module work without the package: it is
 * an optional dependency (a native build of librdkafka) that only `KAFKA_CLIENT=confluent` loads.
 */
export interface ConfluentKafkaJs {
  readonly Kafka: new (config: Record<string, unknown>) => ConfluentKafka;
  /** librdkafka's codes; the rebalance callback tells an assignment from a revocation by them. */
  readonly ErrorCodes: { readonly ERR__ASSIGN_PARTITIONS: number };
}

/** The logger the KafkaJS-compatible API writes librdkafka's log to. */
export interface ConfluentLogger {
  info(message: string, extra?: object): void;
  error(message: string, extra?: object): void;
  warn(message: string, extra?: object): void;
  debug(message: string, extra?: object): void;
  namespace(): ConfluentLogger;
  setLogLevel(level: number): void;
}

export interface ConfluentKafka {
  producer(config: Record<string, unknown>): ConfluentProducer;
  consumer(config: Record<string, unknown>): ConfluentConsumer;
  admin(config?: Record<string, unknown>): ConfluentAdmin;
}

export interface ConfluentProducer {
  connect(): Promise<void>;
  /** The producer's node-rdkafka handle (marked internal by the package; checked at creation). */
  _getInternalClient(): ConfluentLookupClient | null;
  disconnect(): Promise<void>;
  sendBatch(batch: {
    topicMessages: {
      topic: string;
      messages: { key: string; value: string | Buffer; headers: Record<string, string> }[];
    }[];
  }): Promise<unknown>;
}

/** node-rdkafka's metadata and watermark look-ups, on the producer's connection. */
export interface ConfluentLookupClient {
  getMetadata(
    options: { topic: string; timeout: number },
    callback: (
      error: Error | null | undefined,
      metadata: { topics: { name: string; partitions: { id: number }[] }[] },
    ) => void,
  ): void;
  queryWatermarkOffsets(
    topic: string,
    partition: number,
    timeout: number,
    callback: (error: Error | null | undefined, offsets: { highOffset: number; lowOffset: number }) => void,
  ): void;
}

export interface ConfluentTopicPartition {
  readonly topic: string;
  readonly partition: number;
  /** A number here, unlike the string offsets of fetched messages (librdkafka's assign takes one). */
  readonly offset?: number;
}

export interface ConfluentMessage {
  readonly key: Buffer | null;
  readonly value: Buffer | null;
  readonly timestamp: string;
  readonly offset: string;
  readonly headers?: Readonly<Record<string, Buffer | string | (Buffer | string)[] | undefined>>;
}

export interface ConfluentEachMessagePayload {
  readonly topic: string;
  readonly partition: number;
  readonly message: ConfluentMessage;
}

export interface ConfluentConsumer {
  connect(): Promise<void>;
  /** The consumer's node-rdkafka handle once connected (marked internal by the package). */
  _getInternalClient(): ConfluentHealthClient | null;
  disconnect(): Promise<void>;
  subscribe(subscription: { topics: string[] }): Promise<void>;
  /** Without arguments: commits the offsets of every message handed to `eachMessage` that returned. */
  commitOffsets(): Promise<void>;
  committed(
    partitions: ConfluentTopicPartition[],
    timeoutMs: number,
  ): Promise<{ topic: string; partition: number; offset: string | null }[]>;
  run(config: { eachMessage: (payload: ConfluentEachMessagePayload) => Promise<void> }): Promise<void>;
}

/**
 * The KafkaJS-compatible admin, connected only to check the brokers and the topics at creation. Its public
 * `fetchTopicOffsets` (1.10.1) first describes the topic (DescribeTopics), which kcat's mock
 * cluster never answers (a 5 s timeout, for topics that exist or not), and it does not ask for
 * a missing topic to be created: end offsets are looked up on the producer's handle instead
 * (start-offsets.ts).
 */
export interface ConfluentAdmin {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  /** Every topic's name (a metadata request; it creates nothing). */
  listTopics(): Promise<string[]>;
}

export const CONFLUENT_MODULE = '@confluentinc/kafka-javascript';

export const CONFLUENT_INSTALL_HINT =
  `install it with \`apt-get install -y libssl-dev zlib1g-dev libzstd-dev libsasl2-dev liblz4-dev ` +
  `libcurl4-openssl-dev\` and then \`CKJS_LINKING=dynamic npm install\` (its librdkafka is built ` +
  `against those system libraries; \`bash scripts/ensure-test-deps.sh\` does both)`;

/**
 * Loads the Confluent client's KafkaJS-compatible API at bus creation, not at import, so a
 * deployment on kafkajs never needs the native module. A missing or unbuilt module (npm drops an
 * optional package whose build failed) becomes a BusConfigurationError that says how to install it.
 */
export function loadConfluentKafkaJs(
  load: (id: string) => unknown = createRequire(__filename),
): ConfluentKafkaJs {
  let loaded: unknown;
  try {
    loaded = load(CONFLUENT_MODULE);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new BusConfigurationError(
      `the Confluent Kafka bus needs ${CONFLUENT_MODULE}, which cannot be loaded (${detail}); ${CONFLUENT_INSTALL_HINT}`,
    );
  }
  const api = (loaded as { KafkaJS?: Partial<ConfluentKafkaJs> } | undefined)?.KafkaJS;
  if (typeof api?.Kafka !== 'function') {
    throw new BusConfigurationError(
      `${CONFLUENT_MODULE} has no KafkaJS.Kafka export; ${CONFLUENT_INSTALL_HINT}`,
    );
  }
  return api as ConfluentKafkaJs;
}
