import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { createKafkaRecordProducer, type KafkaRecordProducer } from '@tablecast/bus';
import { superviseSubscription, type EventLog } from '@tablecast/event-store';
import { APP_CONFIG, type AppConfig } from '../config';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ReadinessService } from '../health/readiness.service';
import { EventOutbox, type OutboxLog } from './event-outbox';
import { configuredEventsTopic } from './kafka-bus-options';
import { OutboxSupervisor } from './outbox-supervisor';

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
 * on an event (Kafka down past its retries) starts again from its checkpoint after a backoff
 * (OutboxSupervisor); the commands go on meanwhile, since the log, not the topic, is the record.
 */
@Injectable()
export class EventOutboxService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(EventOutboxService.name);
  private producer: KafkaRecordProducer | undefined;
  private supervisor: OutboxSupervisor | undefined;

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

  async onApplicationBootstrap(): Promise<void> {
    const brokers = this.config.KAFKA_BROKERS;
    // The config schema refuses EVENTS_OUTBOX=kafka without brokers; nothing to start without them.
    if (brokers === undefined) return;
    const producer = await createKafkaRecordProducer({
      brokers,
      clientId: 'tablecast-outbox',
      topic: configuredEventsTopic(this.config),
      idempotent: this.config.KAFKA_IDEMPOTENT,
    });
    this.producer = producer;
    const log = supervisedOutboxLog(this.store.log);
    this.supervisor = new OutboxSupervisor({
      start: () => new EventOutbox({ log, producer, checkpoint: EVENT_OUTBOX_CHECKPOINT }),
      onFailure: (error, retryInMs) => {
        this.logger.error(
          `event outbox stopped (${error.message}); restarting from its checkpoint in ${String(retryInMs)} ms`,
        );
      },
    });
  }

  /** Stops before the store closes (onApplicationShutdown), so the last checkpoint is saved. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.supervisor?.stop();
    await this.producer?.close();
  }

  private describe(): string {
    const published = `${String(this.supervisor?.publishedCount ?? 0)} events published to ${configuredEventsTopic(this.config)} since boot`;
    const failure = this.supervisor?.lastFailure;
    return failure === undefined ? published : `${published}; last failure: ${failure.message}`;
  }
}
