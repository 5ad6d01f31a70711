import { Injectable, Module } from '@nestjs/common';
import { SqliteLeaseStore, type LeaseStore } from '@tablecast/event-store';
import { APP_CONFIG, eventLogDir, type AppConfig } from '../config';
import { HealthModule } from '../health/health.module';
import { ReadinessService } from '../health/readiness.service';
import { ProjectionRunnerModule } from './projection-runner.module';
import {
  PROJECTIONS_LEASE_CHECK,
  PROJECTIONS_LEASES,
  ProjectionsLeaseKeeper,
} from './projections-lease-keeper';

/** Registers the `projections-lease` readiness check in a process that contends for the lease only. */
@Injectable()
class ProjectionsLeaseReadiness {
  constructor(keeper: ProjectionsLeaseKeeper, readiness: ReadinessService) {
    if (keeper.contends) readiness.register(PROJECTIONS_LEASE_CHECK, () => keeper.readiness());
  }
}

/**
 * The projector election (TC-SCALE-1): among the projector processes, or the api processes with
 * API_PROJECTIONS=shared, the projections lease's holder projects the shared log into
 * TABLECAST_LOG_DIR/projections.sqlite and the others read it (a projector process reads nothing:
 * it stands by). A reader that never projects (API_PROJECTIONS local or projector) contends for
 * nothing.
 */
@Module({
  imports: [HealthModule, ProjectionRunnerModule],
  providers: [
    ProjectionsLeaseKeeper,
    ProjectionsLeaseReadiness,
    {
      provide: PROJECTIONS_LEASES,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): LeaseStore => new SqliteLeaseStore({ dataDir: eventLogDir(config) }),
    },
  ],
  exports: [ProjectionsLeaseKeeper],
})
export class SharedProjectionsModule {}
