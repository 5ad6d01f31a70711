import type { Logger } from '@nestjs/common';
import type { Lease, LeaseFencedError, SqliteLeaseStore } from '@tablecast/event-store';
import type { FeedProducer } from '../broadcast/feed-producer.service';
import type { PartitionWork } from './feed-partition-keeper';
import { FEED_PARTITION_PREFIX, partitionOf } from './feed-partitions';

/**
 * TC-SCALE-1: the feeds of the partitions a feeds process holds, run by one producer at a time.
 * A producer follows a fixed set of matches from its start, so each change of the partitions held
 * stops the current producer (what the bus acknowledged is written down) and starts a new one over
 * the new set: it catches up from the shared ledger, as a takeover does, so the partitions kept go
 * on with no gap and no repeat after a short pause, and a partition given up is sent nothing more.
 * Every ledger transaction of the producer is checked against every held partition's lease, so a
 * match's writes are never without its own partition's check; a refused one names the lease it
 * failed on, and only that partition is lost.
 */
export class PartitionedFeeds implements PartitionWork {
  private readonly held = new Map<number, Lease>();
  private producer: FeedProducer | undefined;
  private changing: Promise<void> = Promise.resolve();
  private readonly fencedListeners: ((partition: number, error: LeaseFencedError) => void)[] = [];
  private published = 0;

  constructor(
    private readonly partitions: number,
    private readonly leases: SqliteLeaseStore,
    /** A fresh producer, not started (one per change of the partitions held). */
    private readonly newProducer: () => FeedProducer,
    private readonly logger: Logger,
  ) {}

  /** `listener` hears which partition a refused ledger write was fenced by. */
  onFenced(listener: (partition: number, error: LeaseFencedError) => void): void {
    this.fencedListeners.push(listener);
  }

  /** The producer running now, if any partition is held. */
  get current(): FeedProducer | undefined {
    return this.producer;
  }

  /** Frames published by every producer this process ran. */
  get framesPublished(): number {
    return this.published + (this.producer?.framesPublished ?? 0);
  }

  start(partition: number, lease: Lease): Promise<void> {
    this.held.set(partition, lease);
    return this.change();
  }

  stop(partition: number): Promise<void> {
    if (!this.held.delete(partition)) return this.changing;
    return this.change();
  }

  /** Stops the producer for good (the process stops). */
  async close(): Promise<void> {
    this.held.clear();
    await this.change();
  }

  /**
   * One change at a time: the former producer has stopped before the next one starts. Changes
   * that come while one runs share the next restart (it reads the partitions held when it
   * begins), so a process claiming four partitions in one beat catches up twice, not four times.
   */
  private change(): Promise<void> {
    if (this.queued !== undefined) return this.queued;
    const next = this.changing.then(() => {
      this.queued = undefined;
      return this.restart();
    });
    this.queued = next;
    this.changing = next.catch(() => undefined);
    return next;
  }

  private queued: Promise<void> | undefined;

  private async restart(): Promise<void> {
    const former = this.producer;
    this.producer = undefined;
    if (former !== undefined) {
      try {
        await former.onApplicationShutdown();
      } catch (error) {
        // Its acknowledgement marks were refused (a partition was lost): the next holder sends those frames again.
        this.logger.warn(`feeds producer stop: ${(error as Error).message}`);
      }
      this.published += former.framesPublished;
    }
    if (this.held.size === 0) return;
    const grants = [...this.held];
    const producer = this.newProducer();
    const following = new Set(grants.map(([partition]) => partition));
    producer.followOnly((matchId) => following.has(partitionOf(matchId, this.partitions)));
    producer.fenceWith(() => {
      for (const [, lease] of grants) this.leases.assertHeld(lease);
    });
    producer.onFenced((error) => {
      const partition = partitionOfLease(error.lease.name);
      if (partition === undefined) return;
      for (const listener of this.fencedListeners) listener(partition, error);
    });
    this.producer = producer;
    await producer.start();
  }
}

/** The partition a `feed-lease/<k>` lease is for. */
function partitionOfLease(name: string): number | undefined {
  if (!name.startsWith(FEED_PARTITION_PREFIX)) return undefined;
  const partition = Number(name.slice(FEED_PARTITION_PREFIX.length));
  return Number.isSafeInteger(partition) ? partition : undefined;
}
