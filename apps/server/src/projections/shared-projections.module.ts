import { Injectable, Module } from '@nestjs/common';
import { SqliteLeaseStore, type LeaseStore } from '@tablecast/event-store';
import { APP_CONFIG, eventLogDir, type AppConfig } from '../config';
import { HealthModule } from '../health/health.module';
import { ReadinessService } from '../health/readiness.service';
import { ProjectionsModule } from './projections.module';
import {
  PROJECTIONS_LEASE_CHECK,
  PROJECTIONS_LEASES,
  ProjectionsLeaseKeeper,
} from './projections-lease-keeper';

/** Registers the `projections-lease` readiness check, with API_PROJECTIONS=shared only. */
@Injectable()
class ProjectionsLeaseReadiness {
  constructor(keeper: ProjectionsLeaseKeeper, readiness: ReadinessService) {
    if (keeper.sharedFile) readiness.register(PROJECTIONS_LEASE_CHECK, () => keeper.readiness());
  }
}

/**
 * The api role's projector election (TC-SCALE-1): with API_PROJECTIONS=shared one api process,
 * the projections lease's holder, projects the shared log into TABLECAST_LOG_DIR/projections.sqlite
 * and the others read it; with `local` the keeper contends for nothing.
 */
@Module({
  imports: [HealthModule, ProjectionsModule],
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
