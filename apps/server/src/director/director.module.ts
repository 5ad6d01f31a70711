import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { APP_CONFIG, eventLogDir, type AppConfig } from '../config';
import { FollowModule } from '../follow/follow.module';
import { ObsModule } from '../obs/obs.module';
import { ProducerModule } from '../producer/producer.module';
import { DirectorSettingsStore } from './director-settings.store';
import { DirectorController } from './director.controller';
import { DirectorService } from './director.service';
import { DIRECTOR_SETTINGS_STORE } from './director.tokens';

/**
 * The auto-director: reads the broadcast feed from the bus, drives OBS through the
 * bridge and cues overlay moments through the producer's cues service.
 */
@Module({
  imports: [BroadcastModule, ObsModule, ProducerModule, FollowModule],
  controllers: [DirectorController],
  providers: [
    DirectorService,
    {
      provide: DIRECTOR_SETTINGS_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): DirectorSettingsStore =>
        // Beside the shared log when there is one: every control process reads the same rules.
        new DirectorSettingsStore(eventLogDir(config)),
    },
  ],
  exports: [DirectorService],
})
export class DirectorModule {}
