import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Lease, LeaseStore } from '@tablecast/event-store';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { APP_CONFIG, type AppConfig } from '../config';
import type { ReadinessCheck } from '../health/readiness.service';
import type { Singleton } from '../singletons/singleton-mode';
import { CONTROL_LEASES, CONTROL_SINGLETONS } from './control-role.tokens';

/** The one lease every control process contends for: its holder runs the deployment's singletons. */
export const CONTROL_LEASE = 'control';

export const CONTROL_LEASE_CHECK = 'control-lease';

export type ControlLeaseState =
  | { readonly kind: 'standby'; readonly holder?: string; readonly until?: number }
  | { readonly kind: 'starting' | 'holding'; readonly token: number }
  | { readonly kind: 'lost'; readonly reason: string }
  | { readonly kind: 'closed' };

/**
 * TC-SCALE-1 for the singletons: one control process at a time runs the jobs that append events or
 * drive OBS. Each control process tries for the control lease every third of its TTL; the holder
 * renews it as often and, once it holds it, starts every singleton. A standby runs none. A holder
 * that can no longer renew (another process took the lease after its time ran out, as after a long
 * pause) stops every singleton and reports the loss; the process then exits so its supervisor
 * restarts it as a standby. A clean stop stops the singletons first, then releases the lease, so a
 * standby takes over at once and never beside a holder still acting.
 */
@Injectable()
export class ControlLeaseKeeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ControlLeaseKeeper.name);
  /** Unique per process run: a restarted process is a new owner (it never inherits a grant). */
  readonly owner = `${hostname()}:${String(process.pid)}:${randomUUID().slice(0, 8)}`;
  private lease: Lease | undefined;
  private current: ControlLeaseState = { kind: 'standby' };
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();
  private starting: Promise<void> = Promise.resolve();
  private readonly lostListeners: ((reason: string) => void)[] = [];
  private readonly ttlMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CONTROL_LEASES) private readonly leases: LeaseStore,
    @Inject(CONTROL_SINGLETONS) private readonly singletons: readonly Singleton[],
  ) {
    this.ttlMs = config.CONTROL_LEASE_TTL_MS;
  }

  get state(): ControlLeaseState {
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
    await this.starting;
    const held = this.lease;
    this.current = { kind: 'closed' };
    this.lease = undefined;
    // Stopped before the release: the next holder never acts beside this one.
    await this.stopAll();
    if (held !== undefined) await this.leases.release(held);
    await this.leases.close();
  }

  /** The readiness check: a standby is ready (waiting is its job); a lost lease is not. */
  readiness(): ReadinessCheck {
    const state = this.current;
    switch (state.kind) {
      case 'holding':
        return {
          name: CONTROL_LEASE_CHECK,
          ok: true,
          detail: `holding ${CONTROL_LEASE} token ${String(state.token)} as ${this.owner}`,
        };
      case 'starting':
        return {
          name: CONTROL_LEASE_CHECK,
          ok: true,
          detail: `starting the singletons under token ${String(state.token)}`,
        };
      case 'standby':
        return {
          name: CONTROL_LEASE_CHECK,
          ok: true,
          detail:
            state.holder === undefined
              ? 'standby'
              : `standby: held by ${state.holder} until ${new Date(state.until ?? 0).toISOString()}`,
        };
      case 'lost':
        return { name: CONTROL_LEASE_CHECK, ok: false, detail: `lost: ${state.reason}` };
      case 'closed':
        return { name: CONTROL_LEASE_CHECK, ok: false, detail: 'closed' };
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
      claim = await this.leases.acquire(CONTROL_LEASE, this.owner, this.ttlMs);
    } catch (error) {
      // SQLITE_BUSY past the busy timeout (a writer holds the log's write lock): try at the next beat.
      this.logger.warn(`control lease: ${(error as Error).message}`);
      return;
    }
    if (claim.acquired) {
      const renewed = claim.lease.token === this.lease?.token;
      if (this.lease !== undefined && !renewed) {
        // A new grant while we thought we held one: ours ran out unseen (a long pause).
        this.lose(`lease ${CONTROL_LEASE} token ${String(this.lease.token)} ran out before its renewal`);
        return;
      }
      this.lease = claim.lease;
      if (!renewed) this.takeOver(claim.lease);
      return;
    }
    if (this.lease !== undefined) {
      this.lose(`lease ${CONTROL_LEASE} is ${claim.holder}'s now`);
      return;
    }
    this.current = { kind: 'standby', holder: claim.holder, until: claim.expiresAt };
  }

  /** Starts the singletons without holding up the renewals (a catch-up over a long log can outlast the TTL). */
  private takeOver(lease: Lease): void {
    this.logger.log(`control lease token ${String(lease.token)} taken by ${this.owner}`);
    this.current = { kind: 'starting', token: lease.token };
    this.starting = (async () => {
      for (const singleton of this.singletons) {
        if (this.current.kind !== 'starting') return;
        await singleton.startSingleton();
      }
      if (this.current.kind === 'starting') this.current = { kind: 'holding', token: lease.token };
    })().catch((error: unknown) => {
      this.lose(`a singleton failed to start: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  private lose(reason: string): void {
    if (this.current.kind === 'lost' || this.current.kind === 'closed') return;
    this.logger.error(`control lease lost: ${reason}`);
    this.current = { kind: 'lost', reason };
    this.lease = undefined;
    void this.stopAll();
    for (const listener of this.lostListeners) listener(reason);
  }

  private async stopAll(): Promise<void> {
    await Promise.all(this.singletons.map((singleton) => singleton.stopSingleton()));
  }
}
