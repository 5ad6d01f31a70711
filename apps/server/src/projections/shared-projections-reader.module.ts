import { Module } from '@nestjs/common';
import { HealthModule } from '../health/health.module';
import { ProjectionRunnerModule } from './projection-runner.module';
import { SharedProjectionsLag } from './shared-projections-lag';

/**
 * A process that reads the shared read models and never projects them (control with
 * API_PROJECTIONS shared or projector, api with projector): the runner follows
 * TABLECAST_LOG_DIR/projections.sqlite without the projections lease, and readiness says when the
 * file is behind or absent. Otherwise it adds nothing: the runner projects for the process, or it
 * contends for the lease (SharedProjectionsModule).
 */
@Module({
  imports: [HealthModule, ProjectionRunnerModule],
  providers: [SharedProjectionsLag],
})
export class SharedProjectionsReaderModule {}
