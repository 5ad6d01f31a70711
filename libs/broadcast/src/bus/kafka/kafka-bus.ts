import { randomUUID } from 'node:crypto';
import { Kafka, Partitioners, logLevel, type Admin, type LogEntry, type Producer } from 'kafkajs';
import { describeBusMessage, findBusMessageProblem, type BusMessage } from '../bus-message';
import { BusClosedError, BusConfigurationError, BusUnavailableError } from '../errors';
import type { BusHandler, BusSubscribeOptions, BusSubscription, FeedBus } from '../port';
import { resolveSubscribeOptions } from '../subscribe-options';
import { startKafkaSubscription, type ConsumerTimings, type KafkaReceiveTiming } from './kafka-subscription';
import { PublishQueue } from './publish-queue';
import { fixKafkaJsIdleTimerLoop } from './request-queue-idle-fix';
import { encodeRecord } from './record-codec';
import { assertValidTopicPrefix, topicFor } from './topics';

export interface KafkaBusOptions {
  /** `host:port` bootstrap brokers (the server's config parses `KAFKA_BROKERS` into this). */
  readonly brokers: readonly string[];
  readonly clientId: string;
  /** Topics are `<topicPrefix>.<audience>`, created by the brokers on first use. */
  readonly topicPrefix: string;
  /** Consumer timings; the defaults suit a real cluster, tests shorten them for the mock. */
  readonly consumer?: Partial<ConsumerTimings>;
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

const DEFAULT_TIMINGS: ConsumerTimings = {
  sessionTimeoutMs: 30_000,
  heartbeatIntervalMs: 3_000,
  maxWaitTimeMs: 500,
  joinTimeoutMs: 60_000,
};

/**
 * The bus across processes: the server's feed producers publish, each gateway process
 * subscribes. Key = match id, so one match stays on one partition, in order. Connects the
 * producer before resolving, so a wrong `KAFKA_BROKERS` fails at boot, not at the first frame.
 */
export async function createKafkaBus(options: KafkaBusOptions): Promise<FeedBus> {
  if (options.brokers.length === 0)
    throw new BusConfigurationError('brokers must list at least one host:port');
  if (options.clientId.length === 0) throw new BusConfigurationError('clientId must be non-empty');
  assertValidTopicPrefix(options.topicPrefix);
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
  try {
    await Promise.all([producer.connect(), admin.connect()]);
  } catch (error) {
    await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    const detail = error instanceof Error ? error.message : String(error);
    throw new BusUnavailableError(`cannot connect to brokers ${options.brokers.join(',')}: ${detail}`, {
      cause: error,
    });
  }
  return new KafkaBus(kafka, producer, admin, options);
}

class KafkaBus implements FeedBus {
  private readonly queue: PublishQueue;
  private readonly subscriptions = new Set<Promise<BusSubscription>>();
  private readonly timings: ConsumerTimings;
  private closed = false;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly kafka: Kafka,
    private readonly producer: Producer,
    private readonly admin: Admin,
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
    const { kafka, admin, timings } = this;
    const { topicPrefix, onReceived } = this.options;
    const ownGroup = resolved.groupId === undefined;
    const context = {
      kafka,
      admin,
      timings,
      groupId,
      ownGroup,
      topicPrefix,
      ...(onReceived ? { onReceived } : {}),
    };
    const starting = startKafkaSubscription(context, handler, resolved);
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
      acks: -1,
      topicMessages: [...byTopic].map(([topic, records]) => ({
        topic,
        messages: records.map((record) => ({ ...record })),
      })),
    });
  }
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
