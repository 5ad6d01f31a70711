import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { LeaseFencedError, type Lease, type SqliteLeaseStore } from '@tablecast/event-store';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { FeedProducer } from '../broadcast/feed-producer.service';
import { APP_CONFIG, type AppConfig } from '../config';
import type { ReadinessCheck } from '../health/readiness.service';
import { FEED_LEASES } from './feeds-role.tokens';

/** The one lease every feeds process contends for: the holder produces every match's feeds. */
export const FEEDS_LEASE = 'feeds';

export type FeedLeaseState =
  | { readonly kind: 'standby'; readonly holder?: string; readonly until?: number }
  | { readonly kind: 'starting' | 'holding'; readonly token: number }
  | { readonly kind: 'lost'; readonly reason: string }
  | { readonly kind: 'closed' };

/**
 * TC-SCALE-1: one feeds process at a time publishes. Each feeds process tries for the feed lease
 * every third of its TTL; the holder renews it as often and, only once it holds it, starts the
 * producer with every ledger write fenced by it. A standby publishes nothing. A holder that can no
 * longer renew, or whose fenced write is refused (it was paused past its TTL and another took
 * over), stops producing and reports the loss; the process then exits so its supervisor restarts
 * it as a standby, with no feed state of the lost term left in memory.
 */
@Injectable()
export class FeedLeaseKeeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FeedLeaseKeeper.name);
  /** Unique per process run: a restarted process is a new owner (it never inherits a grant). */
  readonly owner = `${hostname()}:${String(process.pid)}:${randomUUID().slice(0, 8)}`;
  private lease: Lease | undefined;
  private current: FeedLeaseState = { kind: 'standby' };
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();
  private readonly lostListeners: ((reason: string) => void)[] = [];
  private readonly ttlMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(FEED_LEASES) private readonly leases: SqliteLeaseStore,
    private readonly producer: FeedProducer,
  ) {
    this.ttlMs = config.FEEDS_LEASE_TTL_MS;
    producer.onFenced((error) => {
      this.lose(error.message);
    });
  }

  get state(): FeedLeaseState {
    return this.current;
  }

  /** Called once when this process lost the lease it held (not when it never had it). */
  onLost(listener: (reason: string) => void): void {
    this.lostListeners.push(listener);
  }

  onApplicationBootstrap(): void {
    this.beat();
    this.timer = setInterval(
      () => {
        this.beat();
      },
      Math.floor(this.ttlMs / 3),
    );
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    const held = this.lease;
    this.current = { kind: 'closed' };
    this.lease = undefined;
    // A clean stop hands over at once instead of after the TTL (the producer closed first).
    if (held !== undefined) await this.leases.release(held);
  }

  /**
   * The readiness check: a standby is ready (waiting is its job); a lost lease is not. The detail
   * counts the frames this process published, so an operator sees that a standby sent none.
   */
  readiness(): ReadinessCheck {
    const state = this.current;
    const published = `${String(this.producer.framesPublished)} frames published`;
    switch (state.kind) {
      case 'holding':
        return {
          name: 'feed-lease',
          ok: true,
          detail: `holding ${FEEDS_LEASE} token ${String(state.token)} as ${this.owner}; ${published}`,
        };
      case 'starting':
        return {
          name: 'feed-lease',
          ok: true,
          detail: `catching up under token ${String(state.token)}; ${published}`,
        };
      case 'standby':
        return {
          name: 'feed-lease',
          ok: true,
          detail:
            (state.holder === undefined
              ? 'standby'
              : `standby: held by ${state.holder} until ${new Date(state.until ?? 0).toISOString()}`) +
            `; ${published}`,
        };
      case 'lost':
        return { name: 'feed-lease', ok: false, detail: `lost: ${state.reason}; ${published}` };
      case 'closed':
        return { name: 'feed-lease', ok: false, detail: 'closed' };
    }
  }

  /** One renewal or claim at a time; a beat still running when the next is due is not doubled. */
  private beat(): void {
    this.beating = this.beating.then(() => this.claimOrRenew());
  }

  private async claimOrRenew(): Promise<void> {
    const state = this.current;
    if (state.kind === 'lost' || state.kind === 'closed') return;
    let claim;
    try {
      claim = await this.leases.acquire(FEEDS_LEASE, this.owner, this.ttlMs);
    } catch (error) {
      // SQLITE_BUSY past the busy timeout (the holder's catch-up holds the file's write lock): the
      // holder keeps its lease until it runs out; try again at the next beat.
      this.logger.warn(`feed lease: ${(error as Error).message}`);
      return;
    }
    if (claim.acquired) {
      const renewed = claim.lease.token === this.lease?.token;
      if (this.lease !== undefined && !renewed) {
        // A new grant while we thought we held one: ours ran out unseen (a long pause).
        this.lose(`lease ${FEEDS_LEASE} token ${String(this.lease.token)} ran out before its renewal`);
        return;
      }
      this.lease = claim.lease;
      if (!renewed) this.takeOver(claim.lease);
      return;
    }
    if (this.lease !== undefined) {
      this.lose(`lease ${FEEDS_LEASE} is ${claim.holder}'s now`);
      return;
    }
    this.current = { kind: 'standby', holder: claim.holder, until: claim.expiresAt };
  }

  /**
   * Starts the producer under the new grant without waiting for it: the catch-up over a long log
   * can outlast the TTL, and the renewals must go on meanwhile (on the ledger's own connection,
   * they commit with the catch-up's batches), or the lease would run out before the feeds are live.
   */
  private takeOver(lease: Lease): void {
    this.logger.log(`feed lease ${FEEDS_LEASE} token ${String(lease.token)} taken by ${this.owner}`);
    this.current = { kind: 'starting', token: lease.token };
    this.producer.fenceWith(() => {
      const held = this.lease;
      if (held === undefined) throw new LeaseFencedError(lease, 'released', undefined);
      this.leases.assertHeld(held);
    });
    void this.producer.start().then(() => {
      if (this.current.kind === 'starting') this.current = { kind: 'holding', token: lease.token };
    });
  }

  private lose(reason: string): void {
    if (this.current.kind === 'lost' || this.current.kind === 'closed') return;
    this.logger.error(`feed lease lost: ${reason}`);
    this.current = { kind: 'lost', reason };
    this.lease = undefined;
    void this.producer.stop();
    for (const listener of this.lostListeners) listener(reason);
  }
}
