import { Module } from '@nestjs/common';
import { HealthModule } from '../health/health.module';
import { ProjectionsModule } from './projections.module';
import { SharedProjectionsLag } from './shared-projections-lag';

/**
 * A role that reads the shared read models and never projects them (control, with
 * API_PROJECTIONS=shared): the runner follows TABLECAST_LOG_DIR/projections.sqlite as an api
 * reader does, without the projections lease, and readiness says when the file is behind or
 * absent. With API_PROJECTIONS=local it adds nothing: the runner projects for the process.
 */
@Module({
  imports: [HealthModule, ProjectionsModule],
  providers: [SharedProjectionsLag],
})
export class SharedProjectionsReaderModule {}
