import {
  Inject,
  Injectable,
  Logger,
  Module,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { createInProcessBus, type FeedBus } from '@tablecast/bus';
import { monotonicClock } from '../clock/clock';
import { APP_CONFIG, eventLogDir, type AppConfig } from '../config';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { FeedsThread } from './feeds-thread/feeds-thread';
import { feedsReadiness, FEEDS_CHECK } from '../health/feeds-readiness';
import { HealthModule } from '../health/health.module';
import { ReadinessService } from '../health/readiness.service';
import { BroadcastDelayController } from './broadcast-delay.controller';
import { BroadcastDelayService } from './broadcast-delay.service';
import { configuredKafkaBusOptions } from '../scale/kafka-bus-options';
import { createConfiguredKafkaBus } from './kafka-bus-client';
import {
  DISCLOSURE_STORE,
  FEED_BUS,
  FEED_FRAME_ARCHIVE,
  FEED_PRODUCER_MODE,
  FEED_READS,
  FEEDS_THREAD,
  MONOTONIC_CLOCK,
} from './broadcast.tokens';
import { DisclosureStore } from './disclosure-store';
import { DisclosuresController } from './disclosures.controller';
import { FeedProducer, type FeedProducerMode } from './feed-producer.service';
import { ProducerFeedReads, type FeedReads } from './feed-reads';
import { FeedsThreadReads } from './feeds-thread/feeds-thread-reads';
import { WatchController } from './watch.controller';

/**
 * Closes the bus and the ledger after the producer and the gateways stopped using them. With
 * FEEDS_THREAD=worker it starts the feeds thread at boot (the process is ready once it caught up)
 * and stops it before the bus closes.
 */
@Injectable()
export class FeedBusLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(FEED_BUS) private readonly bus: FeedBus,
    @Inject(DISCLOSURE_STORE) private readonly disclosures: DisclosureStore,
    private readonly producer: FeedProducer,
    readiness: ReadinessService,
    // Absent where no module provides it (a test's own lifecycle): no thread.
    @Optional() @Inject(FEEDS_THREAD) private readonly thread: FeedsThread | null = null,
  ) {
    readiness.register(FEEDS_CHECK, () => (thread === null ? feedsReadiness(producer) : thread.readiness()));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.thread?.start();
  }

  async onApplicationShutdown(): Promise<void> {
    // The producer's last turn is written to the ledger and sent before either closes.
    await this.producer.onApplicationShutdown();
    await this.thread?.stop();
    await this.bus.close();
    this.disclosures.close();
  }
}

/** The all role's producer when a thread runs the feeds: idle, like an api process's. */
const THREADED_ALL_ROLE_PRODUCER: FeedProducerMode = { startAtBoot: false, markPublished: false };

/** The one `all` process: the feeds start at boot, on its in-process bus or Kafka. */
const ALL_ROLE_PRODUCER: FeedProducerMode = { startAtBoot: true, markPublished: false };
/** An api process never starts its producer: the `feeds` role publishes (TC-SCALE-2). */
const API_ROLE_PRODUCER: FeedProducerMode = { startAtBoot: false, markPublished: false };

/**
 * The broadcast feeds: the per-match feed producer, the fan-out bus it publishes to
 * (in-process, or Kafka when KAFKA_BROKERS is set), the persisted disclosure ledger, and the
 * per-match delay API. The gateways import this module for the bus.
 */
@Module({
  imports: [HealthModule],
  controllers: [DisclosuresController, BroadcastDelayController, WatchController],
  providers: [
    FeedProducer,
    FeedBusLifecycle,
    BroadcastDelayService,
    {
      provide: FEED_BUS,
      inject: [APP_CONFIG],
      // KAFKA_BROKERS: frames go through Kafka (topic per audience, key = match id), so several
      // gateway processes can serve one match; the producer connects at boot and fails fast.
      // KAFKA_CLIENT picks the client library (kafka-bus-client.ts).
      // TC-SCALE-2: an api process publishes nothing (the feeds role does), even with brokers set;
      // nor does a control process, whose producer only feeds its director and tournament feed
      // (a second publisher on Kafka would put a second sequence beside the feeds role's).
      useFactory: async (config: AppConfig): Promise<FeedBus> =>
        config.KAFKA_BROKERS === undefined ||
        config.TABLECAST_ROLE === 'api' ||
        config.TABLECAST_ROLE === 'control'
          ? createInProcessBus()
          : createConfiguredKafkaBus(
              config,
              configuredKafkaBusOptions(config, config.KAFKA_BROKERS, 'tablecast-server'),
            ),
    },
    {
      provide: DISCLOSURE_STORE,
      inject: [APP_CONFIG],
      // An api process reads the shared ledger the feeds role writes, so /disclosures answers alike
      // on every process; it never writes one. Nor does the main thread when the feeds thread
      // writes it (it reads the archive for the gateways' resumes).
      useFactory: (config: AppConfig): DisclosureStore =>
        config.TABLECAST_ROLE === 'api'
          ? new DisclosureStore(eventLogDir(config), 'readOnly')
          : new DisclosureStore(config.TABLECAST_DATA_DIR, threaded(config) ? 'readOnly' : 'readWrite'),
    },
    {
      provide: FEED_PRODUCER_MODE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): FeedProducerMode => {
        if (config.TABLECAST_ROLE === 'api') return API_ROLE_PRODUCER;
        return threaded(config) ? THREADED_ALL_ROLE_PRODUCER : ALL_ROLE_PRODUCER;
      },
    },
    {
      provide: FEEDS_THREAD,
      inject: [APP_CONFIG, FEED_BUS, EVENT_STORE],
      useFactory: (config: AppConfig, bus: FeedBus, store: AppEventStore): FeedsThread | null =>
        threaded(config)
          ? new FeedsThread(config, bus, {
              logFile: sqliteLogFile(store),
              logger: new Logger(FeedsThread.name),
            })
          : null,
    },
    {
      provide: FEED_READS,
      inject: [APP_CONFIG, FeedProducer, FEEDS_THREAD],
      // The main thread's readers ask the producer that runs the feeds: with the feeds thread, the
      // thread's (this one's stays idle).
      useFactory: (config: AppConfig, producer: FeedProducer, thread: FeedsThread | null): FeedReads =>
        thread === null
          ? new ProducerFeedReads(producer)
          : new FeedsThreadReads(thread, config.BROADCAST_DELAY_MS),
    },
    // The ledger's file also keeps the published frames, written in the same transaction batches.
    { provide: FEED_FRAME_ARCHIVE, useExisting: DISCLOSURE_STORE },
    { provide: MONOTONIC_CLOCK, useValue: monotonicClock },
  ],
  exports: [FEED_BUS, FEED_FRAME_ARCHIVE, FEED_READS, FeedProducer],
})
export class BroadcastModule {}

/** FEEDS_THREAD=worker (the schema allows it only in the all role). */
function threaded(config: AppConfig): boolean {
  return config.FEEDS_THREAD === 'worker' && config.TABLECAST_ROLE === 'all';
}

/** The SQLite log's file, whose commits wake the feeds thread; none on KurrentDB. */
function sqliteLogFile(store: AppEventStore): string | undefined {
  const file = (store.log as { readonly file?: unknown }).file;
  return typeof file === 'string' ? file : undefined;
}
