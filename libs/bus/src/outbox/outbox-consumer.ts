import { Kafka, logLevel } from 'kafkajs';
import { BusConfigurationError } from '../errors';
import type { ConsumerTimings } from '../kafka/kafka-subscription';
import { fixKafkaJsIdleTimerLoop } from '../kafka/request-queue-idle-fix';

/** The header every outbox record carries: the event's global position in the log ("42" or "42/40"). */
export const OUTBOX_POSITION_HEADER = 'tablecast-position';
/** The header every outbox record carries: the event's id. */
export const OUTBOX_EVENT_ID_HEADER = 'tablecast-event-id';

/** One outbox record as a consumer sees it, once. */
export interface OutboxDelivery {
  readonly key: string;
  readonly eventId: string;
  readonly position: string;
  readonly value: string;
}

export interface OutboxConsumerOptions {
  readonly brokers: readonly string[];
  readonly clientId: string;
  readonly topic: string;
  /** Members of one group share the keys (streams) between them; offsets are the group's. */
  readonly groupId: string;
  readonly timings: ConsumerTimings;
  readonly handler: (delivery: OutboxDelivery) => void | Promise<void>;
  /** Told of each repeat it dropped (a record the outbox published again after a restart). */
  readonly onRepeat?: (repeat: OutboxDelivery) => void;
}

export interface OutboxConsumer {
  close(): Promise<void>;
}

/**
 * Reads the event outbox topic at least once and hands each event over once: the outbox
 * publishes again what it published before a crash but had not checkpointed, always in log
 * order per key (stream), so a record whose position is not past the last one handled for its
 * key is a repeat and is dropped. The memory is one position per stream seen.
 */
export async function startOutboxConsumer(options: OutboxConsumerOptions): Promise<OutboxConsumer> {
  if (options.brokers.length === 0)
    throw new BusConfigurationError('brokers must list at least one host:port');
  fixKafkaJsIdleTimerLoop();
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: [...options.brokers],
    logLevel: logLevel.NOTHING,
  });
  const consumer = kafka.consumer({
    groupId: options.groupId,
    sessionTimeout: options.timings.sessionTimeoutMs,
    heartbeatInterval: options.timings.heartbeatIntervalMs,
    maxWaitTimeInMs: options.timings.maxWaitTimeMs,
    allowAutoTopicCreation: false,
  });
  const lastByKey = new Map<string, readonly [bigint, bigint]>();
  await consumer.connect();
  await consumer.subscribe({ topics: [options.topic], fromBeginning: true });
  const joined = new Promise<void>((resolve) => {
    consumer.on(consumer.events.GROUP_JOIN, () => {
      resolve();
    });
  });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const key = message.key?.toString() ?? '';
      const position = message.headers?.[OUTBOX_POSITION_HEADER]?.toString() ?? '';
      const eventId = message.headers?.[OUTBOX_EVENT_ID_HEADER]?.toString() ?? '';
      const parsed = parseOutboxPosition(position);
      if (parsed === undefined) return;
      const delivery = { key, eventId, position, value: message.value?.toString() ?? '' };
      const last = lastByKey.get(key);
      if (last !== undefined && !isAfter(parsed, last)) {
        options.onRepeat?.(delivery);
        return;
      }
      await options.handler(delivery);
      lastByKey.set(key, parsed);
    },
  });
  await joined;
  return {
    close: async () => {
      await consumer.disconnect();
    },
  };
}

/** "42" or "42/40" (commit/prepare, as the event store writes positions); undefined otherwise. */
export function parseOutboxPosition(text: string): readonly [bigint, bigint] | undefined {
  const match = /^(\d+)(?:\/(\d+))?$/.exec(text);
  if (match?.[1] === undefined) return undefined;
  const commit = BigInt(match[1]);
  return [commit, match[2] === undefined ? commit : BigInt(match[2])];
}

function isAfter(a: readonly [bigint, bigint], b: readonly [bigint, bigint]): boolean {
  return a[0] !== b[0] ? a[0] > b[0] : a[1] > b[1];
}
