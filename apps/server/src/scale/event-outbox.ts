import {
  OUTBOX_EVENT_ID_HEADER,
  OUTBOX_POSITION_HEADER,
  type KafkaRecordProducer,
  type OutboxRecord,
} from '@tablecast/bus';
import {
  positionToString,
  type CheckpointStore,
  type Position,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
  type SubscriptionFilter,
} from '@tablecast/event-store';

/** What the outbox reads: the raw log (never upcast: it publishes what was stored) and its checkpoints. */
export interface OutboxLog extends CheckpointStore {
  subscribeToAll(options?: SubscribeOptions): Subscription<StoredEvent>;
}

export interface EventOutboxOptions {
  readonly log: OutboxLog;
  readonly producer: Pick<KafkaRecordProducer, 'send'>;
  /** The checkpoint's name: the position of the last event the brokers acknowledged. */
  readonly checkpoint: string;
  /** Which streams go out (the app's own prefixes); every stream when omitted. */
  readonly filter?: SubscriptionFilter;
  /** Tries per event before the outbox stops with the failure (default 5), waiting `retryDelayMs(n)` between. */
  readonly attempts?: number;
  readonly retryDelayMs?: (failures: number) => number;
}

/**
 * Publishes every event of the log to Kafka at least once, in log order: each event is sent
 * (acks=all) and only then is its position saved as the checkpoint, so a process that dies
 * between an append and its publish, or between a publish and its checkpoint, publishes that
 * event on restart (from the checkpoint). Consumers drop what they already handled by position
 * (startOutboxConsumer). One event at a time: the brokers' pace holds the outbox back, and
 * nothing waits in memory but the subscription's own page.
 */
export class EventOutbox {
  private subscription: Subscription<StoredEvent> | undefined;
  private stopped = false;
  /** Settles when the outbox stops: resolves after `stop()`, rejects with the failure that stopped it. */
  readonly done: Promise<void>;
  private published = 0;

  constructor(private readonly options: EventOutboxOptions) {
    this.done = this.run();
    // Whoever starts it reads `done`; an unread failure must not crash the process as unhandled.
    this.done.catch(() => undefined);
  }

  /** Events published since this outbox started (checkpointed ones). */
  get publishedCount(): number {
    return this.published;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.close();
    await this.done.catch(() => undefined);
  }

  private async run(): Promise<void> {
    const { log, checkpoint, filter } = this.options;
    const from = await log.getCheckpoint(checkpoint);
    if (this.stopped) return;
    this.subscription = log.subscribeToAll({ fromPosition: from ?? 'start', ...(filter ? { filter } : {}) });
    // stop() closes the subscription, which ends this loop after the event in hand.
    for await (const event of this.subscription) {
      await this.publish(event);
      await log.saveCheckpoint(checkpoint, event.position);
      this.published += 1;
    }
  }

  private async publish(event: StoredEvent): Promise<void> {
    const attempts = this.options.attempts ?? 5;
    const delay =
      this.options.retryDelayMs ?? ((failures: number) => Math.min(100 * 2 ** (failures - 1), 5_000));
    const record = encodeOutboxRecord(event);
    for (let failures = 0; ;) {
      try {
        await this.options.producer.send([record]);
        return;
      } catch (error) {
        failures += 1;
        if (failures >= attempts || this.stopped) {
          await this.subscription?.close();
          throw new OutboxPublishError(event.position, failures, error);
        }
        await new Promise((resolve) => setTimeout(resolve, delay(failures)));
      }
    }
  }
}

/** The outbox gave up on an event: it is not checkpointed, so a restart publishes it first. */
export class OutboxPublishError extends Error {
  override readonly name = 'OutboxPublishError';
  constructor(position: Position, attempts: number, cause: unknown) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super(
      `event outbox: publishing the event at position ${positionToString(position)} failed ${String(attempts)} times (${detail}); it is published first on restart`,
      { cause },
    );
  }
}

/** Key = stream (one stream, one partition, in order); headers carry the id and position consumers dedupe by. */
export function encodeOutboxRecord(event: StoredEvent): OutboxRecord {
  const position = positionToString(event.position);
  return {
    key: event.stream,
    value: JSON.stringify({
      stream: event.stream,
      revision: event.revision,
      position,
      type: event.type,
      data: event.data,
      metadata: event.metadata,
    }),
    headers: { [OUTBOX_EVENT_ID_HEADER]: event.metadata.eventId, [OUTBOX_POSITION_HEADER]: position },
  };
}
