import { Kafka, Partitioners, logLevel, type Producer } from 'kafkajs';
import { BusClosedError, BusConfigurationError } from '../errors';
import { checkTopicsOrDisconnect, connectProducerAndAdmin } from '../kafka/bus-setup';
import { fixKafkaJsIdleTimerLoop } from '../kafka/request-queue-idle-fix';

/** One record of the outbox topic: keyed (one key keeps one partition, in order), with headers. */
export interface OutboxRecord {
  readonly key: string;
  readonly value: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface KafkaRecordProducerOptions {
  readonly brokers: readonly string[];
  readonly clientId: string;
  /** Must exist before the producer is created (it checks, naming it): nothing is auto-created. */
  readonly topic: string;
  /** Idempotent producer (default true); see KafkaBusOptions.idempotent for the mock's limit. */
  readonly idempotent?: boolean;
  /** How often the client retries a failed connection or request before giving up (default 5). */
  readonly retries?: number;
}

/** Sends records to one topic with acks=all, one request at a time. */
export interface KafkaRecordProducer {
  readonly topic: string;
  /** Resolves once every replica has the records; rejects when they were not written. */
  send(records: readonly OutboxRecord[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The producer the event outbox publishes through: acks=all, idempotent, at most one request in
 * flight (a retried request cannot overtake a later one), and no topic created by accident.
 */
export async function createKafkaRecordProducer(
  options: KafkaRecordProducerOptions,
): Promise<KafkaRecordProducer> {
  if (options.brokers.length === 0)
    throw new BusConfigurationError('brokers must list at least one host:port');
  fixKafkaJsIdleTimerLoop();
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: [...options.brokers],
    retry: { retries: options.retries ?? 5 },
    logLevel: logLevel.NOTHING,
  });
  const producer: Producer = kafka.producer({
    allowAutoTopicCreation: false,
    idempotent: options.idempotent ?? true,
    createPartitioner: Partitioners.DefaultPartitioner,
    maxInFlightRequests: 1,
  });
  const admin = kafka.admin();
  await connectProducerAndAdmin(options.brokers, producer, admin);
  await checkTopicsOrDisconnect([options.topic], () => admin.listTopics(), [producer, admin]);
  let closed = false;
  return {
    topic: options.topic,
    send: async (records) => {
      if (closed) throw new BusClosedError('publish', `of ${String(records.length)} outbox records`);
      await producer.send({
        topic: options.topic,
        acks: -1,
        messages: records.map((record) => ({
          key: record.key,
          value: record.value,
          headers: { ...record.headers },
        })),
      });
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    },
  };
}
