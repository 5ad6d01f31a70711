import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { RootController } from './root.controller';
import { ReadinessService } from './readiness.service';

@Module({
  controllers: [HealthController, RootController],
  providers: [ReadinessService],
  exports: [ReadinessService],
})
export class HealthModule {}
