import { BusConfigurationError, BusUnavailableError } from '../errors';
import type { ConsumerTimings } from './kafka-subscription';
import { assertTopicsExist, assertValidTopicPrefix, busTopics } from './topics';

/** What both Kafka adapters check before they load or connect a client. */
export interface KafkaBusIdentity {
  readonly brokers: readonly string[];
  readonly clientId: string;
  readonly topicPrefix: string;
}

/** Consumer timings that suit a real cluster; tests shorten them for the mock. */
export const DEFAULT_CONSUMER_TIMINGS: ConsumerTimings = {
  sessionTimeoutMs: 30_000,
  heartbeatIntervalMs: 3_000,
  maxWaitTimeMs: 500,
  joinTimeoutMs: 60_000,
};

export function assertValidBusIdentity(options: KafkaBusIdentity): void {
  if (options.brokers.length === 0)
    throw new BusConfigurationError('brokers must list at least one host:port');
  if (options.clientId.length === 0) throw new BusConfigurationError('clientId must be non-empty');
  assertValidTopicPrefix(options.topicPrefix);
}

interface Connectable {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
}

/**
 * Connects the producer and the admin before the bus exists, so a wrong `KAFKA_BROKERS` fails at
 * boot, not at the first frame; on failure both are disconnected and the error names the brokers.
 * With `connectTimeoutMs`, no answer within it is a failure too; without, the client's own limit
 * holds (librdkafka waits 30 s for the brokers' metadata).
 */
export async function connectProducerAndAdmin(
  brokers: readonly string[],
  producer: Connectable,
  admin: Connectable,
  connectTimeoutMs?: number,
): Promise<void> {
  const disconnectBoth = async (): Promise<void> => {
    await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
  };
  const failure = (detail: string, cause: unknown): BusUnavailableError =>
    new BusUnavailableError(`cannot connect to brokers ${brokers.join(',')}: ${detail}`, { cause });
  const connected = Promise.all([producer.connect(), admin.connect()]).then(
    () => 'connected' as const,
    async (error: unknown) => {
      await disconnectBoth();
      throw failure(error instanceof Error ? error.message : String(error), error);
    },
  );
  if (connectTimeoutMs === undefined) {
    await connected;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timedOut'>((resolve) => {
    timer = setTimeout(() => {
      resolve('timedOut');
    }, connectTimeoutMs);
  });
  try {
    if ((await Promise.race([connected, timedOut])) === 'connected') return;
  } finally {
    clearTimeout(timer);
  }
  // A client still connecting disconnects only once its attempt ends (librdkafka: up to 30 s
  // later), so the clients are closed then, not awaited here.
  void connected.then(disconnectBoth, () => undefined);
  throw failure(`no answer within ${String(connectTimeoutMs)} ms`, undefined);
}

/**
 * The topic check at creation (assertTopicsExist) of a bus prefix's audience topics or of the
 * topics given; on failure the connected clients are let go.
 */
export async function checkTopicsOrDisconnect(
  topics: string | readonly string[],
  listTopics: () => Promise<readonly string[]>,
  clients: readonly Connectable[],
): Promise<void> {
  try {
    await assertTopicsExist(typeof topics === 'string' ? busTopics(topics) : topics, listTopics);
  } catch (error) {
    await Promise.allSettled(clients.map((client) => client.disconnect()));
    throw error;
  }
}
