import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { EventStore } from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import { APP_CONFIG, type AppConfig } from '../config';
import { FaultDrill } from '../faults/fault-drill';
import { ReadinessService } from '../health/readiness.service';
import { HealthModule } from '../health/health.module';
import { AppendFence } from '../leases/append-fence';
import type { WalCheckpointOffload } from '../sqlite/wal-checkpoints';
import { AppendTimingMetrics } from './append-timing.metrics';
import { EVENT_STORE } from './event-store.tokens';
import { offloadEventLogCheckpoints, openConfiguredEventStore } from './open-event-store';

export type AppEventStore = EventStore<TablecastEvent>;

/**
 * Runs the SQLite log's checkpoints on the checkpoint thread instead of inside appends on the
 * event loop (up to 73 ms per fsync there under load), and closes the store when Nest shuts
 * down, after the thread has let go of the file, so SQLite checkpoints its WAL and releases it.
 */
@Injectable()
class EventStoreLifecycle implements OnApplicationShutdown {
  private readonly checkpoints: WalCheckpointOffload | undefined;

  constructor(@Inject(EVENT_STORE) private readonly store: AppEventStore) {
    this.checkpoints = offloadEventLogCheckpoints(store);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.checkpoints?.stop();
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
      inject: [APP_CONFIG, ReadinessService, FaultDrill, AppendFence],
      useFactory: (
        config: AppConfig,
        readiness: ReadinessService,
        drill: FaultDrill,
        fence: AppendFence,
      ): AppEventStore => {
        const store = openConfiguredEventStore(config);
        drill.install(store.log);
        // Not ready while a log subscription (projections, feeds, chapters) is resubscribing after a
        // dropped connection: what it feeds is standing still meanwhile; nor while the store's last
        // call could not reach it (KurrentDB not the leader, unreachable, past its deadline).
        readiness.register('event-store', () => {
          const availability = store.log.availability?.() ?? { ok: true };
          if (!availability.ok) return { name: 'event-store', ok: false, detail: availability.detail };
          const health = store.subscriptionHealth();
          return {
            name: 'event-store',
            ok: health.ok,
            detail:
              health.detail === undefined
                ? store.log.description
                : `${store.log.description}: ${health.detail}`,
          };
        });
        // A control singleton's appends carry its lease's grant (TC-SCALE-1); a client's carry none.
        return fence.fence(store);
      },
    },
    AppendFence,
    EventStoreLifecycle,
    AppendTimingMetrics,
    FaultDrill,
  ],
  exports: [EVENT_STORE, AppendFence],
})
export class EventStoreModule {}
