import { Module } from '@nestjs/common';
import { ProjectionRunnerModule } from './projection-runner.module';
import { ReadModelsController } from './read-models.controller';

@Module({
  imports: [ProjectionRunnerModule],
  controllers: [ReadModelsController],
  exports: [ProjectionRunnerModule],
})
export class ProjectionsModule {}
