import { createEventStore, SqliteEventLog, type EventStore } from '@tablecast/event-store';
import { tablecastCatalog, type TablecastEvent } from '@tablecast/events';

/** The embedded default: the SQLite log in `dataDir`, validated and upcast against the catalog. */
export function openEmbeddedEventStore(dataDir: string): EventStore<TablecastEvent> {
  return createEventStore({ log: new SqliteEventLog({ dataDir }), catalog: tablecastCatalog });
}
