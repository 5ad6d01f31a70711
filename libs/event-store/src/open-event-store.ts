import type { EventCatalog, TablecastEvent } from '@tablecast/events';
import { createEventStore, type EventStore } from './event-store';
import { KurrentDbEventLog } from './kurrentdb/kurrentdb-event-log';
import type { EventLog } from './port';
import { SqliteEventLog } from './sqlite/sqlite-event-log';

/**
 * Which log to open. The caller's config module reads the environment (EVENTSTORE_URL,
 * TABLECAST_DATA_DIR, TABLECAST_SQLITE_SYNC) once and passes the values here.
 */
export interface EventLogConfig {
  /** A KurrentDB connection string (kurrentdb://… or esdb://…); when set, SQLite is not used. */
  readonly eventstoreUrl?: string | undefined;
  /** Data directory of the embedded SQLite log. */
  readonly dataDir: string;
  readonly sqliteSynchronous?: 'normal' | 'full';
  /** See SqliteEventLogOptions.walAutocheckpointPages. */
  readonly sqliteWalAutocheckpointPages?: number;
  /** See SqliteEventLogOptions.groupCommit. */
  readonly sqliteGroupCommit?: boolean;
  /** See SqliteEventLogOptions.crossProcessPollMs. */
  readonly sqliteCrossProcessPollMs?: number;
  /** KurrentDB only: how long before its expiry a lease stops passing a fenced append's check (DEFAULT_FENCE_MARGIN_MS). */
  readonly kurrentFenceMarginMs?: number;
}

export function openEventLog(config: EventLogConfig): EventLog {
  if (config.eventstoreUrl !== undefined && config.eventstoreUrl !== '') {
    return new KurrentDbEventLog(
      config.eventstoreUrl,
      undefined,
      config.kurrentFenceMarginMs === undefined ? {} : { fenceMarginMs: config.kurrentFenceMarginMs },
    );
  }
  return new SqliteEventLog({
    dataDir: config.dataDir,
    synchronous: config.sqliteSynchronous ?? 'normal',
    ...(config.sqliteWalAutocheckpointPages === undefined
      ? {}
      : { walAutocheckpointPages: config.sqliteWalAutocheckpointPages }),
    groupCommit: config.sqliteGroupCommit === true,
    ...(config.sqliteCrossProcessPollMs === undefined
      ? {}
      : { crossProcessPollMs: config.sqliteCrossProcessPollMs }),
  });
}

/**
 * The Tablecast event store (catalog validation and upcasting) over the configured log. The catalog
 * is the match log's, built by the game registry (`matchLogCatalog` of @tablecast/games).
 */
export function openTablecastEventStore(
  config: EventLogConfig,
  catalog: EventCatalog<TablecastEvent>,
): EventStore<TablecastEvent> {
  return createEventStore({ log: openEventLog(config), catalog });
}
