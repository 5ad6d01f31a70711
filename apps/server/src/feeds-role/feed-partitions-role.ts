import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import type { FeedBus } from '@tablecast/bus';
import type { SqliteLeaseStore } from '@tablecast/event-store';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  DISCLOSURE_STORE,
  FEED_BUS,
  FEED_PRODUCER_MODE,
  MONOTONIC_CLOCK,
} from '../broadcast/broadcast.tokens';
import type { DisclosureStore } from '../broadcast/disclosure-store';
import { FeedProducer, type FeedProducerMode } from '../broadcast/feed-producer.service';
import { FEEDS_ROLE_MODE } from '../broadcast/feeds-role-producer';
import { CLOCK, type Clock } from '../clock/clock';
import { APP_CONFIG, type AppConfig } from '../config';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import type { ReadinessCheck } from '../health/readiness.service';
import { FeedPartitionKeeper } from './feed-partition-keeper';
import { FEED_LEASES } from './feeds-role.tokens';
import { PartitionedFeeds } from './partitioned-feeds';

/**
 * TC-SCALE-1 with FEEDS_PARTITIONS above 1: the feeds role's partition keeper and the producers
 * of the partitions it holds. With one partition it runs nothing (FeedLeaseKeeper keeps the single
 * lease, as before). A lost partition never ends the process (see FeedPartitionKeeper).
 */
@Injectable()
export class FeedPartitionsRole implements OnApplicationBootstrap {
  private readonly feeds: PartitionedFeeds | undefined;
  private readonly keeper: FeedPartitionKeeper | undefined;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(FEED_LEASES) leases: SqliteLeaseStore,
    @Inject(EVENT_STORE) store: AppEventStore,
    @Inject(FEED_BUS) bus: FeedBus,
    @Inject(CLOCK) clock: Clock,
    @Inject(MONOTONIC_CLOCK) monotonic: Clock,
    @Inject(DISCLOSURE_STORE) disclosures: DisclosureStore,
    @Optional() @Inject(FEED_PRODUCER_MODE) mode?: FeedProducerMode,
  ) {
    if (config.FEEDS_PARTITIONS < 2) return;
    const producerMode = mode ?? FEEDS_ROLE_MODE;
    const feeds = new PartitionedFeeds(
      config.FEEDS_PARTITIONS,
      leases,
      () => new FeedProducer(config, store, bus, clock, monotonic, disclosures, producerMode),
      new Logger(PartitionedFeeds.name),
    );
    const keeper = new FeedPartitionKeeper(leases, feeds, {
      partitions: config.FEEDS_PARTITIONS,
      ttlMs: config.FEEDS_LEASE_TTL_MS,
      owner: `${hostname()}:${String(process.pid)}:${randomUUID().slice(0, 8)}`,
      logger: new Logger(FeedPartitionKeeper.name),
    });
    feeds.onFenced((partition, error) => {
      keeper.lose(partition, error.message);
    });
    this.feeds = feeds;
    this.keeper = keeper;
  }

  /** Whether this process shares the feeds by partition (FEEDS_PARTITIONS above 1). */
  get partitioned(): boolean {
    return this.keeper !== undefined;
  }

  /** The producer publishing now, if any partition is held. */
  get producer(): FeedProducer | undefined {
    return this.feeds?.current;
  }

  onApplicationBootstrap(): void {
    this.keeper?.open();
  }

  /** The `feed-lease` check: the partitions held, with the frames this process published. */
  readiness(): ReadinessCheck | undefined {
    const check = this.keeper?.readiness();
    if (check === undefined || this.feeds === undefined) return undefined;
    return {
      ...check,
      detail: `${check.detail ?? ''}; ${String(this.feeds.framesPublished)} frames published`,
    };
  }

  /** Each partition's producer stopped, then its lease released: the others take over at once. */
  async close(): Promise<void> {
    await this.keeper?.close();
    await this.feeds?.close();
  }
}
