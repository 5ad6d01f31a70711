import { Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { FeedBus } from '@tablecast/bus';
import type { SqliteLeaseStore } from '@tablecast/event-store';
import {
  DISCLOSURE_STORE,
  FEED_BUS,
  FEED_PRODUCER_MODE,
  FEED_READS,
  MONOTONIC_CLOCK,
} from '../broadcast/broadcast.tokens';
import { DisclosureStore } from '../broadcast/disclosure-store';
import { DisclosuresController } from '../broadcast/disclosures.controller';
import { FeedProducer } from '../broadcast/feed-producer.service';
import { ProducerFeedReads } from '../broadcast/feed-reads';
import { FEEDS_ROLE_MODE } from '../broadcast/feeds-role-producer';
import { monotonicClock } from '../clock/clock';
import { createConfiguredKafkaBus } from '../broadcast/kafka-bus-client';
import { APP_CONFIG, eventLogDir, type AppConfig } from '../config';
import { feedsReadiness, FEEDS_CHECK } from '../health/feeds-readiness';
import { HealthModule } from '../health/health.module';
import { ReadinessService } from '../health/readiness.service';
import { configuredKafkaBusOptions } from '../scale/kafka-bus-options';
import { FeedLeaseKeeper } from './feed-lease-keeper';
import { FeedPartitionsRole } from './feed-partitions-role';
import { FEED_LEASES } from './feeds-role.tokens';

/** Readiness of the feeds and the lease; closes the bus and the ledger after the producer stopped. */
@Injectable()
export class FeedsRoleLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(FEED_BUS) private readonly bus: FeedBus,
    @Inject(DISCLOSURE_STORE) private readonly disclosures: DisclosureStore,
    @Inject(FEED_LEASES) private readonly leases: SqliteLeaseStore,
    private readonly producer: FeedProducer,
    private readonly keeper: FeedLeaseKeeper,
    private readonly partitions: FeedPartitionsRole,
    readiness: ReadinessService,
  ) {
    readiness.register(FEEDS_CHECK, () => feedsReadiness(partitions.producer ?? producer));
    readiness.register('feed-lease', () => partitions.readiness() ?? keeper.readiness());
  }

  async onApplicationShutdown(): Promise<void> {
    // The producer's last writes and the lease's release go through the ledger's file: both end
    // before it closes.
    await Promise.all([
      this.producer.onApplicationShutdown(),
      this.keeper.onApplicationShutdown(),
      this.partitions.close(),
    ]);
    await this.bus.close();
    await this.leases.close();
    this.disclosures.close();
  }
}

/**
 * TABLECAST_ROLE=feeds: the feed producer, the disclosure ledger and the release clock, publishing
 * to the gateways over Kafka only while this process holds the feed lease (TC-SCALE-1), or with
 * FEEDS_PARTITIONS above 1 only the matches of the partitions it holds (FeedPartitionsRole). The ledger,
 * the frame archive and the lease share one SQLite file in the shared log dir
 * (TABLECAST_LOG_DIR), so a standby that takes over continues every feed's seqs from the very
 * ledger the former holder wrote, and each ledger write commits only with its lease check.
 * It takes no commands; the arbitration committee's /disclosures reads the shared ledger here.
 */
@Module({
  imports: [HealthModule],
  controllers: [DisclosuresController],
  providers: [
    FeedProducer,
    // The disclosures controller's reads: this process's producer.
    {
      provide: FEED_READS,
      inject: [FeedProducer],
      useFactory: (producer: FeedProducer) => new ProducerFeedReads(producer),
    },
    FeedLeaseKeeper,
    FeedPartitionsRole,
    FeedsRoleLifecycle,
    { provide: FEED_PRODUCER_MODE, useValue: FEEDS_ROLE_MODE },
    {
      provide: FEED_BUS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Promise<FeedBus> => {
        // The schema refuses TABLECAST_ROLE=feeds without brokers; this only narrows the type.
        if (config.KAFKA_BROKERS === undefined) throw new Error('TABLECAST_ROLE=feeds needs KAFKA_BROKERS');
        return createConfiguredKafkaBus(
          config,
          configuredKafkaBusOptions(config, config.KAFKA_BROKERS, 'tablecast-feeds'),
        );
      },
    },
    {
      provide: DISCLOSURE_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): DisclosureStore => new DisclosureStore(eventLogDir(config)),
    },
    {
      provide: FEED_LEASES,
      inject: [DISCLOSURE_STORE],
      useFactory: (disclosures: DisclosureStore): SqliteLeaseStore => disclosures.leaseStore(),
    },
    { provide: MONOTONIC_CLOCK, useValue: monotonicClock },
  ],
})
export class FeedsRoleModule {}
