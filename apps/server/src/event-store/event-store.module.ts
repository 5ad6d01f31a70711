import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { EventStore } from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import { APP_CONFIG, type AppConfig } from '../config';
import { ReadinessService } from '../health/readiness.service';
import { HealthModule } from '../health/health.module';
import { EVENT_STORE } from './event-store.tokens';
import { openConfiguredEventStore } from './open-event-store';

export type AppEventStore = EventStore<TablecastEvent>;

/** Closes the store when Nest shuts down, so SQLite checkpoints its WAL and releases the file. */
@Injectable()
class EventStoreLifecycle implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORE) private readonly store: AppEventStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

/**
 * The event store: SQLite in TABLECAST_DATA_DIR by default, KurrentDB when EVENTSTORE_URL is set;
 * either way validated and upcast against the Tablecast catalog.
 */
@Global()
@Module({
  imports: [HealthModule],
  providers: [
    {
      provide: EVENT_STORE,
      inject: [APP_CONFIG, ReadinessService],
      useFactory: (config: AppConfig, readiness: ReadinessService): AppEventStore => {
        const store = openConfiguredEventStore(config);
        readiness.register('event-store', () => ({
          name: 'event-store',
          ok: true,
          detail: store.log.description,
        }));
        return store;
      },
    },
    EventStoreLifecycle,
  ],
  exports: [EVENT_STORE],
})
export class EventStoreModule {}
