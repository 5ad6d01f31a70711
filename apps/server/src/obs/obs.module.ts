import { Module } from '@nestjs/common';
import { ObsBridgeService } from './obs-bridge.service';
import { ObsController } from './obs.controller';
import { RecordChaptersService } from './record-chapters.service';

/** The OBS bridge (issue #9): connections to the configured OBS instances and the producer's API. */
@Module({
  controllers: [ObsController],
  providers: [ObsBridgeService, RecordChaptersService],
  exports: [ObsBridgeService],
})
export class ObsModule {}
