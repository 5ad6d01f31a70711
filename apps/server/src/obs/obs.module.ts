import { Module } from '@nestjs/common';
import { ObsBridgeService } from './obs-bridge.service';
import { ObsControlController } from './obs-control.controller';
import { ObsControlService } from './obs-control.service';
import { ObsController } from './obs.controller';
import { RecordChaptersService } from './record-chapters.service';

/** The OBS bridge: connections to the configured OBS instances and the producer's API. */
@Module({
  controllers: [ObsController, ObsControlController],
  providers: [ObsBridgeService, ObsControlService, RecordChaptersService],
  exports: [ObsBridgeService, ObsControlService, RecordChaptersService],
})
export class ObsModule {}
