import { Inject, Injectable, Logger } from '@nestjs/common';
import { LeaseFencedError, type Lease, type SqliteLeaseStore } from '@tablecast/event-store';
import { FeedProducer } from '../broadcast/feed-producer.service';
import { APP_CONFIG, type AppConfig } from '../config';
import { LeaseKeeper, type LeaseKeeperState } from '../leases/lease-keeper';
import { WHOLE_FEEDS_LEASE } from './feed-partitions';
import { FeedsMembership } from './feeds-membership';
import { FEED_LEASES } from './feeds-role.tokens';

/** The one lease every feeds process contends for: the holder produces every match's feeds. */
export const FEEDS_LEASE = WHOLE_FEEDS_LEASE;

export type FeedLeaseState = LeaseKeeperState;

/**
 * TC-SCALE-1: one feeds process at a time publishes. The holder of the feed lease starts the
 * producer with every ledger write fenced by the lease; a standby publishes nothing. A holder
 * whose fenced write is refused (it was paused past its TTL and another took over) loses the lease
 * as one that can no longer renew does: it stops producing, with no feed state of the lost term
 * left in memory once its process exits. The readiness detail counts the frames this process
 * published, so an operator sees that a standby sent none.
 */
@Injectable()
export class FeedLeaseKeeper extends LeaseKeeper {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(FEED_LEASES) private readonly ledgerLeases: SqliteLeaseStore,
    private readonly producer: FeedProducer,
  ) {
    super(ledgerLeases, {
      lease: FEEDS_LEASE,
      check: 'feed-lease',
      ttlMs: config.FEEDS_LEASE_TTL_MS,
      logger: new Logger(FeedLeaseKeeper.name),
      what: 'feed',
      startFailure: 'the feed producer failed to start',
      // The producer stops on its own shutdown hook; its catch-up is not waited for.
      onClose: 'release',
    });
    // With several partitions FeedPartitionsRole keeps their leases; the single lease is never claimed.
    this.partitioned = config.FEEDS_PARTITIONS > 1;
    this.membership = new FeedsMembership(ledgerLeases, {
      partitions: 1,
      ttlMs: config.FEEDS_LEASE_TTL_MS,
      owner: this.owner,
      logger: new Logger(FeedLeaseKeeper.name),
    });
    producer.onFenced((error) => {
      this.lose(error.message);
    });
  }

  private readonly partitioned: boolean;
  private readonly membership: FeedsMembership;

  override onApplicationBootstrap(): void {
    if (!this.partitioned) super.onApplicationBootstrap();
  }

  /**
   * TC-SCALE-1: a live feeds process with FEEDS_PARTITIONS above 1 hashes matches to partitions
   * it would publish beside this one's every match: then this one claims nothing (its member lease,
   * written first, makes the other refuse as well).
   */
  protected override async refusal(): Promise<string | undefined> {
    return (await this.membership.beat()).conflict;
  }

  protected override leave(): Promise<void> {
    return this.membership.leave();
  }

  /**
   * The producer catches up under the new grant, each ledger write checked against it (on the
   * ledger's own connection the renewals commit with the catch-up's batches, so they go on).
   */
  protected startWork(lease: Lease): Promise<void> {
    this.producer.fenceWith(() => {
      const held = this.held;
      if (held === undefined) throw new LeaseFencedError(lease, 'released', undefined);
      this.ledgerLeases.assertHeld(held);
    });
    return this.producer.start();
  }

  protected stopWork(): Promise<void> {
    return this.producer.stop();
  }

  protected startingDetail(token: number): string {
    return `catching up under token ${String(token)}`;
  }

  protected override detailSuffix(): string {
    return `; ${String(this.producer.framesPublished)} frames published`;
  }
}
