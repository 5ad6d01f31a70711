import { openTablecastEventStore, type EventStore } from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import type { AppConfig } from '../config';
import { OWN_CHECKPOINT_PAGES } from '../sqlite/wal-checkpoints';

/** The embedded default: the SQLite log in `dataDir`, validated and upcast against the catalog. */
export function openEmbeddedEventStore(dataDir: string): EventStore<TablecastEvent> {
  return openTablecastEventStore({ dataDir });
}

/** The configured store: KurrentDB when EVENTSTORE_URL is set, otherwise embedded SQLite. */
export function openConfiguredEventStore(config: AppConfig): EventStore<TablecastEvent> {
  return openTablecastEventStore({
    eventstoreUrl: config.EVENTSTORE_URL,
    dataDir: config.TABLECAST_DATA_DIR,
    sqliteSynchronous: config.TABLECAST_SQLITE_SYNC,
    // The event log's commits checkpoint only past this; the module's checkpoint thread does the
    // rest (offloadWalCheckpointsOfFile, #5).
    sqliteWalAutocheckpointPages: OWN_CHECKPOINT_PAGES,
  });
}
