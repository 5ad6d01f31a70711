import type { Logger } from '@nestjs/common';
import type { Lease, SqliteLeaseStore } from '@tablecast/event-store';
import type { ReadinessCheck } from '../health/readiness.service';
import { FEED_PARTITION_PREFIX, partitionLeaseName, planPartitions } from './feed-partitions';
import { FeedsMembership } from './feeds-membership';

/** What a feeds process does for one partition it holds: its matches' feeds. */
export interface PartitionWork {
  /**
   * Starts the feeds of the partition's matches under `lease` (a catch-up from the shared ledger,
   * as a whole-lease takeover does). Not awaited by the renewals; a rejection loses the partition.
   */
  start(partition: number, lease: Lease): Promise<void>;
  /** Stops them: nothing more of the partition's matches is recorded or sent. */
  stop(partition: number): Promise<void>;
}

export interface FeedPartitionTerms {
  readonly partitions: number;
  /** Each lease's time to live; the keeper renews, counts the live processes and claims every third of it. */
  readonly ttlMs: number;
  /** Unique per process run (a restarted process is a new owner). */
  readonly owner: string;
  readonly logger: Logger;
}

type PartitionState = 'starting' | 'holding';

/**
 * TC-SCALE-1 with FEEDS_PARTITIONS above 1: every feeds process contends for every partition's
 * lease (`feed-lease/<k>`) but holds at most its fair share, ceil(partitions / live processes),
 * the live processes counted from the lease table, where each holds a member lease
 * (`feed-member/<partitions>/<owner>`, FeedsMembership) while it runs. A holder above its share (a process came up) stops and
 * releases the excess, so the newcomer takes it at its next beat; one under its share (a process
 * died or left) claims what nobody holds live.
 *
 * A partition whose renewal is refused, or whose fenced write was refused, is lost alone: its work
 * stops and the process goes on with the others, since the other partitions' leases are still
 * its own and their writes are fenced by their own leases. (The single-lease keeper exits instead:
 * there the lost lease was all the process had.)
 *
 * A live feeds process with another FEEDS_PARTITIONS (the single lease included) makes this one
 * claim nothing and hand nothing back, and report not ready: the partitions it already holds stay
 * its own (the other process, which sees it too, claims none of them), so a misconfigured
 * newcomer never stops the feeds already running.
 */
export class FeedPartitionKeeper {
  private readonly held = new Map<number, { lease: Lease; state: PartitionState }>();
  private readonly membership: FeedsMembership;
  private conflict: string | undefined;
  private beating: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private lastLoss: string | undefined;

  constructor(
    private readonly leases: SqliteLeaseStore,
    private readonly work: PartitionWork,
    private readonly terms: FeedPartitionTerms,
  ) {
    // One partition is the single feeds lease, kept by FeedLeaseKeeper exactly as before.
    if (terms.partitions < 2)
      throw new RangeError('FeedPartitionKeeper is for FEEDS_PARTITIONS of 2 or more');
    this.membership = new FeedsMembership(leases, terms);
  }

  /** Beats now and every third of the TTL. */
  open(): void {
    void this.beat();
    this.timer = setInterval(
      () => {
        void this.beat();
      },
      Math.floor(this.terms.ttlMs / 3),
    );
    this.timer.unref();
  }

  /** One round of renewals, count and claims; never two at once. */
  beat(): Promise<void> {
    this.beating = this.beating.then(() => this.round());
    return this.beating;
  }

  /** The grant this process holds for `partition`, if any: the fence checks each write against it. */
  leaseOf(partition: number): Lease | undefined {
    return this.held.get(partition)?.lease;
  }

  /** The partitions this process holds now, lowest first. */
  heldPartitions(): number[] {
    return [...this.held.keys()].sort((a, b) => a - b);
  }

  /** Stops one partition's work after its lease was refused (a renewal or a fenced write); the others go on. */
  lose(partition: number, reason: string): void {
    const entry = this.held.get(partition);
    if (entry === undefined) return;
    this.held.delete(partition);
    this.lastLoss = `${partitionLeaseName(partition, this.terms.partitions)}: ${reason}`;
    this.terms.logger.error(`feed partition ${String(partition)} lost: ${reason}`);
    // Released once stopped, if it is still this grant (its work failed to start): claimable at once.
    void this.work
      .stop(partition)
      .then(() => this.leases.release(entry.lease))
      .catch((error: unknown) => {
        this.terms.logger.warn(`feed partition ${String(partition)}: ${(error as Error).message}`);
      });
  }

  /** The `feed-lease` check: ready while running (a process holding nothing stands by); lists what it holds. */
  readiness(): ReadinessCheck {
    if (this.closed) return { name: 'feed-lease', ok: false, detail: 'closed' };
    const holding = this.heldPartitions().map((partition) => {
      const entry = this.held.get(partition);
      return `${partitionLeaseName(partition, this.terms.partitions)} token ${String(entry?.lease.token)}${
        entry?.state === 'starting' ? ' (catching up)' : ''
      }`;
    });
    const detail =
      holding.length === 0
        ? `standby: no partition of ${String(this.terms.partitions)}`
        : `holding ${holding.join(', ')} of ${String(this.terms.partitions)} as ${this.terms.owner}`;
    const full = this.lastLoss === undefined ? detail : `${detail}; last lost ${this.lastLoss}`;
    if (this.conflict !== undefined)
      return { name: 'feed-lease', ok: false, detail: `refused: ${this.conflict}; ${full}` };
    return { name: 'feed-lease', ok: true, detail: full };
  }

  /** Stops every partition's work, then releases its lease and deletes the member lease: the others take over at once. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await this.beating;
    await this.handedBack();
    const held = [...this.held];
    this.held.clear();
    for (const [partition, { lease }] of held) {
      await this.work.stop(partition);
      await this.leases.release(lease);
    }
    await this.membership.leave();
  }

  private async round(): Promise<void> {
    if (this.closed) return;
    try {
      const members = await this.membership.beat();
      await this.renewHeld();
      this.conflict = members.conflict;
      if (members.conflict !== undefined) return;
      const taken = new Set(this.leases.liveLeases(FEED_PARTITION_PREFIX).map((lease) => lease.name));
      const free = new Set<number>();
      for (let partition = 0; partition < this.terms.partitions; partition += 1)
        if (!taken.has(partitionLeaseName(partition, this.terms.partitions))) free.add(partition);
      const plan = planPartitions({
        partitions: this.terms.partitions,
        liveProcesses: members.liveProcesses,
        held: new Set(this.held.keys()),
        free,
      });
      for (const partition of plan.release) this.handBack(partition);
      for (const partition of plan.claim) await this.claim(partition);
    } catch (error) {
      // SQLITE_BUSY past the busy timeout: every grant stays until it runs out; try again next beat.
      this.terms.logger.warn(`feed partitions: ${(error as Error).message}`);
    }
  }

  private async renewHeld(): Promise<void> {
    for (const [partition, entry] of [...this.held]) {
      const name = partitionLeaseName(partition, this.terms.partitions);
      const claim = await this.leases.acquire(name, this.terms.owner, this.terms.ttlMs);
      if (!claim.acquired) {
        this.lose(partition, `lease ${name} is ${claim.holder}'s now`);
      } else if (claim.lease.token !== entry.lease.token) {
        // Ours ran out unseen (a long pause): this new grant starts from the ledger, not from memory.
        this.lose(partition, `lease ${name} token ${String(entry.lease.token)} ran out before its renewal`);
        await this.leases.release(claim.lease);
      } else {
        entry.lease = claim.lease;
      }
    }
  }

  /**
   * Above the share: the work stops before the release, so the next holder never publishes beside
   * it. Not awaited by the beat: the stop can wait for a catch-up of the partitions kept, and
   * their renewals must not. Unrenewed meanwhile, the lease runs out at worst, and the producer's
   * fence refuses it from then on.
   */
  private handBack(partition: number): void {
    const entry = this.held.get(partition);
    if (entry === undefined) return;
    this.held.delete(partition);
    this.terms.logger.log(`feed partition ${String(partition)} handed back for a fair share`);
    const done = this.work
      .stop(partition)
      .then(() => this.leases.release(entry.lease))
      .catch((error: unknown) => {
        this.terms.logger.warn(`feed partition ${String(partition)}: ${(error as Error).message}`);
      })
      .finally(() => this.handingBack.delete(done));
    this.handingBack.add(done);
  }

  private readonly handingBack = new Set<Promise<void>>();

  /** Resolves once every partition handed back so far was stopped and released. */
  async handedBack(): Promise<void> {
    await Promise.all([...this.handingBack]);
  }

  private async claim(partition: number): Promise<void> {
    const claim = await this.leases.acquire(
      partitionLeaseName(partition, this.terms.partitions),
      this.terms.owner,
      this.terms.ttlMs,
    );
    if (!claim.acquired) return;
    const entry = { lease: claim.lease, state: 'starting' as PartitionState };
    this.held.set(partition, entry);
    this.terms.logger.log(
      `feed partition ${String(partition)} token ${String(claim.lease.token)} taken by ${this.terms.owner}`,
    );
    this.work
      .start(partition, claim.lease)
      .then(() => {
        if (this.held.get(partition) === entry) entry.state = 'holding';
      })
      .catch((error: unknown) => {
        if (this.held.get(partition) === entry)
          this.lose(
            partition,
            `its feeds failed to start: ${error instanceof Error ? error.message : String(error)}`,
          );
      });
  }
}
