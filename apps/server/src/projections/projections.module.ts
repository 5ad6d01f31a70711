import { Module } from '@nestjs/common';
import { HealthModule } from '../health/health.module';
import { ProjectionMetrics } from './projection-metrics';
import { ProjectionRunner } from './projection-runner.service';
import { ReadModelsController } from './read-models.controller';

@Module({
  imports: [HealthModule],
  controllers: [ReadModelsController],
  providers: [ProjectionRunner, ProjectionMetrics],
  exports: [ProjectionRunner],
})
export class ProjectionsModule {}
