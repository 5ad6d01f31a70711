import type { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Lease, LeaseStore } from '@tablecast/event-store';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { ReadinessCheck } from '../health/readiness.service';

export type LeaseKeeperState =
  | { readonly kind: 'standby'; readonly holder?: string; readonly until?: number }
  | { readonly kind: 'starting' | 'holding'; readonly token: number }
  | { readonly kind: 'lost'; readonly reason: string }
  | { readonly kind: 'closed' };

/** Which lease a role's keeper contends for, and how it names it. */
export interface LeaseKeeperTerms {
  /** The lease every process of the role contends for. */
  readonly lease: string;
  /** The readiness check's name. */
  readonly check: string;
  /** The lease's time to live; the keeper claims or renews every third of it. */
  readonly ttlMs: number;
  readonly logger: Logger;
  /** The keeper's log lines start with `<what> lease`. */
  readonly what: string;
  /** The reason given for the loss when the holder's work fails to start. */
  readonly startFailure: string;
  /**
   * A clean stop: `'stop-then-release'` waits for a start still running and stops the work before
   * the release, so the next holder never acts beside this one; `'release'` only releases (the
   * work stops on its own shutdown hook, and a start still running is not waited for).
   */
  readonly onClose: 'stop-then-release' | 'release';
}

/**
 * TC-SCALE-1: one process of a role at a time holds the role's lease and does the role's work.
 * Each process tries for the lease every third of its TTL; the holder renews it as often and, once
 * it holds it, starts its work. A standby does none. A holder that can no longer renew (another
 * process took the lease after its time ran out, as after a long pause) stops its work and reports
 * the loss; the process then exits so its supervisor restarts it as a standby, with nothing of the
 * lost term left in memory. A clean stop releases the lease, so a standby takes over at once.
 * Each role's keeper says what its work is: how it starts, how it stops.
 */
export abstract class LeaseKeeper implements OnApplicationBootstrap, OnApplicationShutdown {
  /** Unique per process run: a restarted process is a new owner (it never inherits a grant). */
  readonly owner = `${hostname()}:${String(process.pid)}:${randomUUID().slice(0, 8)}`;
  private lease: Lease | undefined;
  private current: LeaseKeeperState = { kind: 'standby' };
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();
  private starting: Promise<void> = Promise.resolve();
  private readonly lostListeners: ((reason: string) => void)[] = [];

  protected constructor(
    private readonly leases: LeaseStore,
    private readonly terms: LeaseKeeperTerms,
  ) {}

  /**
   * Starts the holder's work under a new grant. The keeper does not wait for it: the renewals go
   * on meanwhile, since a catch-up over a long log can outlast the TTL. `stillStarting` turns
   * false once the term ended (lost or closed). A rejection loses the lease.
   */
  protected abstract startWork(lease: Lease, stillStarting: () => boolean): Promise<void>;

  /** Stops the holder's work once the lease is lost (not awaited: the process exits after it). */
  protected abstract stopWork(): Promise<void>;

  /** The readiness detail while the holder's work starts under `token`. */
  protected abstract startingDetail(token: number): string;

  /**
   * Asked at each beat before the claim or renewal: a reason this process must not take the lease
   * (its setting disagrees with a live process of the role). A standby then claims nothing; a
   * holder keeps renewing what it holds. Either reports not ready with the reason.
   */
  protected refusal(): Promise<string | undefined> {
    return Promise.resolve(undefined);
  }

  /** A clean stop, after the release: what else the process gives up (its member row). */
  protected leave(): Promise<void> {
    return Promise.resolve();
  }

  private refused: string | undefined;

  /** Added to every readiness detail but `closed`. */
  protected detailSuffix(): string {
    return '';
  }

  get state(): LeaseKeeperState {
    return this.current;
  }

  /** The grant this process holds now, if any. */
  protected get held(): Lease | undefined {
    return this.lease;
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
      Math.floor(this.terms.ttlMs / 3),
    );
    this.timer.unref();
  }

  /** Once, however often called: a role's lifecycle awaits it before closing what the work uses. */
  onApplicationShutdown(): Promise<void> {
    this.closing ??= this.close();
    return this.closing;
  }

  private closing: Promise<void> | undefined;

  private async close(): Promise<void> {
    const stopFirst = this.terms.onClose === 'stop-then-release';
    clearInterval(this.timer);
    await this.beating;
    if (stopFirst) await this.starting;
    const held = this.lease;
    this.current = { kind: 'closed' };
    this.lease = undefined;
    // Stopped before the release: the next holder never acts beside this one.
    if (stopFirst) await this.stopWork();
    if (held !== undefined) await this.leases.release(held);
    await this.leave();
    await this.leases.close();
  }

  /** The readiness check: a standby is ready (waiting is its job); a lost lease is not. */
  readiness(): ReadinessCheck {
    const state = this.current;
    const refused = this.refused;
    const check = (ok: boolean, detail: string): ReadinessCheck =>
      refused === undefined || state.kind === 'closed'
        ? { name: this.terms.check, ok, detail }
        : { name: this.terms.check, ok: false, detail: `refused: ${refused}; ${detail}` };
    switch (state.kind) {
      case 'holding':
        return check(
          true,
          `holding ${this.terms.lease} token ${String(state.token)} as ${this.owner}${this.detailSuffix()}`,
        );
      case 'starting':
        return check(true, this.startingDetail(state.token) + this.detailSuffix());
      case 'standby':
        return check(
          true,
          (state.holder === undefined
            ? 'standby'
            : `standby: held by ${state.holder} until ${new Date(state.until ?? 0).toISOString()}`) +
            this.detailSuffix(),
        );
      case 'lost':
        return check(false, `lost: ${state.reason}${this.detailSuffix()}`);
      case 'closed':
        return check(false, 'closed');
    }
  }

  /** Ends the term: the work stops and the listeners hear why (once, and never after a clean stop). */
  protected lose(reason: string): void {
    if (this.current.kind === 'lost' || this.current.kind === 'closed') return;
    this.terms.logger.error(`${this.terms.what} lease lost: ${reason}`);
    this.current = { kind: 'lost', reason };
    this.lease = undefined;
    void this.stopWork();
    for (const listener of this.lostListeners) listener(reason);
  }

  /** One renewal or claim at a time; a beat still running when the next is due is not doubled. */
  private beat(): void {
    this.beating = this.beating.then(() => this.claimOrRenew());
  }

  private async claimOrRenew(): Promise<void> {
    const state = this.current;
    if (state.kind === 'lost' || state.kind === 'closed') return;
    const name = this.terms.lease;
    let claim;
    try {
      this.refused = await this.refusal();
      if (this.refused !== undefined && this.lease === undefined) return;
      claim = await this.leases.acquire(name, this.owner, this.terms.ttlMs);
    } catch (error) {
      // SQLITE_BUSY past the busy timeout (a writer, as the holder's catch-up, holds the file's
      // write lock): the holder keeps its lease until it runs out; try again at the next beat.
      this.terms.logger.warn(`${this.terms.what} lease: ${(error as Error).message}`);
      return;
    }
    if (claim.acquired) {
      const renewed = claim.lease.token === this.lease?.token;
      if (this.lease !== undefined && !renewed) {
        // A new grant while we thought we held one: ours ran out unseen (a long pause).
        this.lose(`lease ${name} token ${String(this.lease.token)} ran out before its renewal`);
        return;
      }
      this.lease = claim.lease;
      if (!renewed) this.takeOver(claim.lease);
      return;
    }
    if (this.lease !== undefined) {
      this.lose(`lease ${name} is ${claim.holder}'s now`);
      return;
    }
    this.current = { kind: 'standby', holder: claim.holder, until: claim.expiresAt };
  }

  /** Starts the work under the new grant without holding up the renewals. */
  private takeOver(lease: Lease): void {
    this.terms.logger.log(
      `${this.terms.what} lease ${this.terms.lease} token ${String(lease.token)} taken by ${this.owner}`,
    );
    this.current = { kind: 'starting', token: lease.token };
    const stillStarting = (): boolean => this.current.kind === 'starting';
    this.starting = this.startWork(lease, stillStarting)
      .then(() => {
        if (stillStarting()) this.current = { kind: 'holding', token: lease.token };
      })
      .catch((error: unknown) => {
        this.lose(`${this.terms.startFailure}: ${error instanceof Error ? error.message : String(error)}`);
      });
  }
}
