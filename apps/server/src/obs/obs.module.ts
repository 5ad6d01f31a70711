import { Module } from '@nestjs/common';
import { ObsBridgeService } from './obs-bridge.service';
import { ObsController } from './obs.controller';

/** The OBS bridge (issue #9): connections to the configured OBS instances and the producer's API. */
@Module({
  controllers: [ObsController],
  providers: [ObsBridgeService],
  exports: [ObsBridgeService],
})
export class ObsModule {}
