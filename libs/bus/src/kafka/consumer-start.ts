import { BusUnavailableError } from '../errors';

interface StartableConsumer {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
}

/**
 * Connects a subscription's consumer, subscribes and runs it (`subscribeAndRun`, per client), then
 * waits for its first group join: `subscribe()` resolves only once frames can flow. On any failure,
 * a join that takes longer than `joinTimeoutMs` included, the consumer is disconnected again.
 */
export async function startConsumer(
  consumer: StartableConsumer,
  subscribeAndRun: () => Promise<void>,
  firstJoin: Promise<void>,
  groupId: string,
  joinTimeoutMs: number,
): Promise<void> {
  try {
    await consumer.connect();
    await subscribeAndRun();
    await withTimeout(
      firstJoin,
      joinTimeoutMs,
      `consumer group ${groupId} did not join within ${joinTimeoutMs} ms`,
    );
  } catch (error) {
    await consumer.disconnect();
    throw error;
  }
}

/** Rejects with a BusUnavailableError saying `message` when `promise` takes longer than `timeoutMs`. */
export async function withTimeout(promise: Promise<void>, timeoutMs: number, message: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new BusUnavailableError(message));
    }, timeoutMs);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
