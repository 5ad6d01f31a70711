import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config';
import { releaseDataDirLock } from '@tablecast/event-store';

/**
 * Gives the data dir up when the app closes (`createApp` took it before Nest opened anything).
 * Provided by the root module, whose shutdown hooks run after every imported module's, so the
 * event store, ledger and read models are closed before another server may open the dir.
 */
@Injectable()
export class DataDirLockRelease implements OnApplicationShutdown {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onApplicationShutdown(): void {
    releaseDataDirLock(this.config.TABLECAST_DATA_DIR);
  }
}
