import { openTablecastEventStore, type StoredEvent } from '@tablecast/event-store';
import { matchLogCatalog } from '@tablecast/games';

/** Every event of the log in `logDir`, read on a connection of its own (as another process would). */
export async function readWholeLog(logDir: string): Promise<StoredEvent[]> {
  const store = openTablecastEventStore({ dataDir: logDir }, matchLogCatalog);
  try {
    const events: StoredEvent[] = [];
    for await (const event of store.log.readAll()) events.push(event);
    return events;
  } finally {
    await store.close();
  }
}
