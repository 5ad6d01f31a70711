import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Lease, LeaseStore } from '@tablecast/event-store';
import { APP_CONFIG, projectionsMode, type AppConfig } from '../config';
import { LeaseKeeper } from '../leases/lease-keeper';
import { ProjectionRunner } from './projection-runner.service';

/** The one lease the projectors contend for (the projector role, api with API_PROJECTIONS=shared): its holder projects. */
export const PROJECTIONS_LEASE = 'projections';

export const PROJECTIONS_LEASE_CHECK = 'projections-lease';

export const PROJECTIONS_LEASES = Symbol('PROJECTIONS_LEASES');

/**
 * TC-SCALE-1 for the shared read models: one process at a time, the holder of the projections
 * lease (a projector process, or an api process with API_PROJECTIONS=shared), applies the log to TABLECAST_LOG_DIR/projections.sqlite; the
 * others read it. On taking the lease the runner claims the file with its token, so a former
 * holder paused past its TTL has every later write refused (ProjectionsFencedError), and goes on
 * from the file's checkpoint. A clean stop flushes, then releases: a reader takes over at once.
 * A reader (API_PROJECTIONS local or projector, or a control process) contends for nothing.
 */
@Injectable()
export class ProjectionsLeaseKeeper extends LeaseKeeper {
  /** Whether this process contends for the lease: the projector role, or api with `shared`. */
  readonly contends: boolean;

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
    this.contends = projectionsMode(config) === 'contend';
    runner.onFenced((error) => {
      this.lose(error.message);
    });
  }

  override onApplicationBootstrap(): void {
    if (this.contends) super.onApplicationBootstrap();
  }

  /** Async: a refused claim (a later token has the file) is a rejection, which loses the lease. */
  protected startWork(lease: Lease): Promise<void> {
    return Promise.resolve().then(() => {
      this.runner.startProjecting(lease.token);
    });
  }

  protected stopWork(): Promise<void> {
    return this.contends ? this.runner.stopProjecting() : Promise.resolve();
  }

  protected startingDetail(token: number): string {
    return `projecting under token ${String(token)}`;
  }
}
