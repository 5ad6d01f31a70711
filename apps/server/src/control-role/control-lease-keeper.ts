import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Lease, LeaseStore } from '@tablecast/event-store';
import { APP_CONFIG, type AppConfig } from '../config';
import { AppendFence } from '../leases/append-fence';
import { LeaseKeeper, type LeaseKeeperState } from '../leases/lease-keeper';
import type { Singleton } from '../singletons/singleton-mode';
import { CONTROL_LEASES, CONTROL_SINGLETONS } from './control-role.tokens';

/** The one lease every control process contends for: its holder runs the deployment's singletons. */
export const CONTROL_LEASE = 'control';

export const CONTROL_LEASE_CHECK = 'control-lease';

export type ControlLeaseState = LeaseKeeperState;

/**
 * TC-SCALE-1 for the singletons: one control process at a time runs the jobs that append events or
 * drive OBS. The holder of the control lease starts every singleton, in order; a standby runs none;
 * a holder that lost the lease stops them all. A clean stop stops the singletons first, then
 * releases the lease and closes its store, so a standby takes over at once and never beside a
 * holder still acting. Every append the singletons make is fenced by the grant they were started
 * under (AppendFence): a refused one means the lease was taken over unseen (this process was
 * paused past its TTL), and is a loss like a failed renewal.
 */
@Injectable()
export class ControlLeaseKeeper extends LeaseKeeper {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CONTROL_LEASES) leases: LeaseStore,
    @Inject(CONTROL_SINGLETONS) private readonly singletons: readonly Singleton[],
    private readonly fence: AppendFence,
  ) {
    super(leases, {
      lease: CONTROL_LEASE,
      check: CONTROL_LEASE_CHECK,
      ttlMs: config.CONTROL_LEASE_TTL_MS,
      logger: new Logger(ControlLeaseKeeper.name),
      what: 'control',
      startFailure: 'a singleton failed to start',
      onClose: 'stop-then-release',
    });
    fence.onFenced((error) => {
      if (error.lease.name === CONTROL_LEASE) this.lose(error.message);
    });
  }

  /** Each singleton starts under the grant: its appends, now and later, are fenced by it. */
  protected async startWork(lease: Lease, stillStarting: () => boolean): Promise<void> {
    for (const singleton of this.singletons) {
      if (!stillStarting()) return;
      await this.fence.runUnder(lease, () => singleton.startSingleton());
    }
  }

  protected async stopWork(): Promise<void> {
    await Promise.all(this.singletons.map((singleton) => singleton.stopSingleton()));
  }

  protected startingDetail(token: number): string {
    return `starting the singletons under token ${String(token)}`;
  }
}
