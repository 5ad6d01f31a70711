import { Module } from '@nestjs/common';
import { HealthModule } from '../health/health.module';
import { ProjectionMetrics } from './projection-metrics';
import { ProjectionRunner } from './projection-runner.service';

/**
 * The projection runner and its metrics without the read models' HTTP API: what the projector
 * role runs (it serves no reads), and what ProjectionsModule serves the reads from.
 */
@Module({
  imports: [HealthModule],
  providers: [ProjectionRunner, ProjectionMetrics],
  exports: [ProjectionRunner],
})
export class ProjectionRunnerModule {}
