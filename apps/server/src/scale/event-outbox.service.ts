import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { createKafkaRecordProducer, type KafkaRecordProducer } from '@tablecast/bus';
import { defaultRetryDelayMs, superviseSubscription, type EventLog } from '@tablecast/event-store';
import { APP_CONFIG, type AppConfig } from '../config';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ReadinessService } from '../health/readiness.service';
import { EventOutbox, type OutboxLog } from './event-outbox';
import { configuredEventsTopic } from './kafka-bus-options';

/** The checkpoint the outbox keeps with the log: the position of the last event Kafka acknowledged. */
export const EVENT_OUTBOX_CHECKPOINT = 'event-outbox';
export const EVENT_OUTBOX_CHECK = 'event-outbox';

/**
 * The raw log (the outbox publishes what was stored, never upcast) under a supervised
 * subscription: a dropped KurrentDB connection or an end nobody asked for resubscribes from the
 * last event delivered instead of leaving the outbox silently stopped.
 */
function supervisedOutboxLog(log: EventLog): OutboxLog {
  return {
    subscribeToAll: (options = {}) =>
      superviseSubscription(
        (fromPosition) => log.subscribeToAll({ ...options, fromPosition }),
        options.fromPosition ?? 'start',
      ),
    getCheckpoint: (name) => log.getCheckpoint(name),
    saveCheckpoint: (name, position) => log.saveCheckpoint(name, position),
  };
}

/**
 * EVENTS_OUTBOX=kafka: publishes every event of the log to `<KAFKA_TOPIC_PREFIX>.events`
 * (EventOutbox: each event before its checkpoint, key = stream). The producer connects at boot
 * and checks the topic exists, so a missing topic stops the boot naming it. An outbox that gave up
 * on an event (Kafka down past its retries) starts again from its checkpoint after a backoff; the
 * commands go on meanwhile, since the log, not the topic, is the record.
 */
@Injectable()
export class EventOutboxService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(EventOutboxService.name);
  private producer: KafkaRecordProducer | undefined;
  private outbox: EventOutbox | undefined;
  private stopping = false;
  private restart: ReturnType<typeof setTimeout> | undefined;
  /** Failures in a row since the last outbox that published an event: the restart backoff. */
  private failures = 0;
  private lastFailure: Error | undefined;
  /** Events published by the outboxes this process ran before the current one. */
  private publishedBefore = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    readiness: ReadinessService,
  ) {
    // Always ok: an outbox behind Kafka never makes the app refuse commands (the log is the
    // record and the outbox catches up from its checkpoint); the detail says how it stands.
    readiness.register(EVENT_OUTBOX_CHECK, () => ({
      name: EVENT_OUTBOX_CHECK,
      ok: true,
      detail: this.describe(),
    }));
  }

  /** Events published (and checkpointed) since this process started. */
  get publishedCount(): number {
    return this.publishedBefore + (this.outbox?.publishedCount ?? 0);
  }

  async onApplicationBootstrap(): Promise<void> {
    const brokers = this.config.KAFKA_BROKERS;
    // The config schema refuses EVENTS_OUTBOX=kafka without brokers; nothing to start without them.
    if (brokers === undefined) return;
    this.producer = await createKafkaRecordProducer({
      brokers,
      clientId: 'tablecast-outbox',
      topic: configuredEventsTopic(this.config),
      idempotent: this.config.KAFKA_IDEMPOTENT,
    });
    this.start(this.producer);
  }

  /** Stops before the store closes (onApplicationShutdown), so the last checkpoint is saved. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restart);
    await this.outbox?.stop();
    await this.producer?.close();
  }

  private start(producer: KafkaRecordProducer): void {
    const outbox = new EventOutbox({
      log: supervisedOutboxLog(this.store.log),
      producer,
      checkpoint: EVENT_OUTBOX_CHECKPOINT,
    });
    this.outbox = outbox;
    outbox.done.then(
      () => {
        this.stopped(outbox, producer, new Error('the outbox stopped without being asked to'));
      },
      (error: unknown) => {
        this.stopped(outbox, producer, error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  private stopped(outbox: EventOutbox, producer: KafkaRecordProducer, error: Error): void {
    if (this.stopping) return;
    this.failures = outbox.publishedCount > 0 ? 1 : this.failures + 1;
    this.lastFailure = error;
    this.publishedBefore += outbox.publishedCount;
    this.outbox = undefined;
    const retryInMs = defaultRetryDelayMs(this.failures);
    this.logger.error(
      `event outbox stopped (${error.message}); restarting from its checkpoint in ${String(retryInMs)} ms`,
    );
    this.restart = setTimeout(() => {
      this.start(producer);
    }, retryInMs);
  }

  private describe(): string {
    const topic = configuredEventsTopic(this.config);
    const published = `${String(this.publishedCount)} events published to ${topic} since boot`;
    return this.lastFailure === undefined
      ? published
      : `${published}; last failure: ${this.lastFailure.message}`;
  }
}
