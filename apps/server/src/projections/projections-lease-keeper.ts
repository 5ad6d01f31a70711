import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Lease, LeaseStore } from '@tablecast/event-store';
import { APP_CONFIG, type AppConfig } from '../config';
import { LeaseKeeper } from '../leases/lease-keeper';
import { ProjectionRunner } from './projection-runner.service';

/** The one lease the api processes contend for with API_PROJECTIONS=shared: its holder projects. */
export const PROJECTIONS_LEASE = 'projections';

export const PROJECTIONS_LEASE_CHECK = 'projections-lease';

export const PROJECTIONS_LEASES = Symbol('PROJECTIONS_LEASES');

/**
 * TC-SCALE-1 for the shared read models (API_PROJECTIONS=shared): one api process at a time, the
 * holder of the projections lease, applies the log to TABLECAST_LOG_DIR/projections.sqlite; the
 * others read it. On taking the lease the runner claims the file with its token, so a former
 * holder paused past its TTL has every later write refused (ProjectionsFencedError), and goes on
 * from the file's checkpoint. A clean stop flushes, then releases: a reader takes over at once.
 * With API_PROJECTIONS=local the keeper contends for nothing.
 */
@Injectable()
export class ProjectionsLeaseKeeper extends LeaseKeeper {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(PROJECTIONS_LEASES) leases: LeaseStore,
    private readonly runner: ProjectionRunner,
  ) {
    super(leases, {
      lease: PROJECTIONS_LEASE,
      check: PROJECTIONS_LEASE_CHECK,
      ttlMs: config.PROJECTIONS_LEASE_TTL_MS,
      logger: new Logger(ProjectionsLeaseKeeper.name),
      what: 'projections',
      startFailure: 'the projection runner failed to start',
      onClose: 'stop-then-release',
    });
    runner.onFenced((error) => {
      this.lose(error.message);
    });
  }

  /** API_PROJECTIONS=shared: the keeper contends for the lease. */
  get sharedFile(): boolean {
    return this.runner.shared;
  }

  override onApplicationBootstrap(): void {
    if (this.runner.shared) super.onApplicationBootstrap();
  }

  /** Async: a refused claim (a later token has the file) is a rejection, which loses the lease. */
  protected startWork(lease: Lease): Promise<void> {
    return Promise.resolve().then(() => {
      this.runner.startProjecting(lease.token);
    });
  }

  protected stopWork(): Promise<void> {
    return this.runner.shared ? this.runner.stopProjecting() : Promise.resolve();
  }

  protected startingDetail(token: number): string {
    return `projecting under token ${String(token)}`;
  }
}
