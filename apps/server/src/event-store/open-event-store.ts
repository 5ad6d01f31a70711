import {
  KurrentDbLeaseStore,
  openTablecastEventStore,
  SqliteEventLog,
  SqliteLeaseStore,
  type EventStore,
  type LeaseStore,
} from '@tablecast/event-store';
import { matchLogCatalog } from '@tablecast/games';
import type { TablecastEvent } from '@tablecast/events';
import { eventLogDir, type AppConfig } from '../config';
import {
  OWN_CHECKPOINT_PAGES,
  offloadWalCheckpointsOfFile,
  type WalCheckpointOffload,
} from '../sqlite/wal-checkpoints';

/** The embedded default: the SQLite log in `dataDir`, validated and upcast against the catalog. */
export function openEmbeddedEventStore(dataDir: string): EventStore<TablecastEvent> {
  return openTablecastEventStore({ dataDir }, matchLogCatalog);
}

/**
 * Hands the SQLite log's checkpoints to the checkpoint thread, for a store opened with
 * `sqliteWalAutocheckpointPages: OWN_CHECKPOINT_PAGES`; nothing to hand over for KurrentDB. Stop
 * the offload before closing the store, so the thread lets go of the file first.
 */
export function offloadEventLogCheckpoints(
  store: EventStore<TablecastEvent>,
): WalCheckpointOffload | undefined {
  return store.log instanceof SqliteEventLog ? offloadWalCheckpointsOfFile(store.log.file) : undefined;
}

/**
 * The embedded store written as the server writes it (EventStoreModule): its commits checkpoint
 * only past OWN_CHECKPOINT_PAGES and the checkpoint thread copies the WAL back in between, off the
 * event loop. For the benchmark of the server's write path, without Nest.
 */
export function openEmbeddedEventStoreAsServed(dataDir: string): {
  readonly store: EventStore<TablecastEvent>;
  readonly checkpoints: WalCheckpointOffload | undefined;
} {
  const store = openTablecastEventStore(
    { dataDir, sqliteWalAutocheckpointPages: OWN_CHECKPOINT_PAGES, sqliteGroupCommit: true },
    matchLogCatalog,
  );
  return { store, checkpoints: offloadEventLogCheckpoints(store) };
}

/** The configured store: KurrentDB when EVENTSTORE_URL is set, otherwise embedded SQLite. */
/**
 * How often a projector process, when idle, looks in the SQLite log for events other processes
 * appended (one indexed read of the log's head): the default 200 ms, not the flush, was what a
 * reader's read-your-writes waited for (bench/projector-reads.bench.ts).
 */
export const PROJECTOR_LOG_POLL_MS = 20;

export function openConfiguredEventStore(config: AppConfig): EventStore<TablecastEvent> {
  return openTablecastEventStore(
    {
      eventstoreUrl: config.EVENTSTORE_URL,
      dataDir: eventLogDir(config),
      sqliteSynchronous: config.TABLECAST_SQLITE_SYNC,
      // The event log's commits checkpoint only past this; the module's checkpoint thread does the
      // rest (offloadWalCheckpointsOfFile).
      sqliteWalAutocheckpointPages: OWN_CHECKPOINT_PAGES,
      // The commands of different matches read in one turn of the event loop share a commit.
      sqliteGroupCommit: true,
      // A projector appends nothing: it learns of every event from the file, and an api reader's
      // read-your-writes waits for that look (then for the projector's flush).
      ...(config.TABLECAST_ROLE === 'projector' ? { sqliteCrossProcessPollMs: PROJECTOR_LOG_POLL_MS } : {}),
      // Appends fenced by the control lease (AppendFence) are checked against its grant with this margin.
      kurrentFenceMarginMs: leaseFenceMarginMs(config.CONTROL_LEASE_TTL_MS),
    },
    matchLogCatalog,
  );
}

/**
 * TC-SCALE-1: how long before its expiry a KurrentDB grant stops passing the fencing check (a check
 * and its write are two calls there, see docs/deployment.md): a quarter of the TTL. The keeper renews
 * every third of it, so a holder that renews on time always has more than this left.
 */
export function leaseFenceMarginMs(ttlMs: number): number {
  return Math.floor(ttlMs / 4);
}

/**
 * The lease store beside the configured log (TC-SCALE-1): on KurrentDB one stream of grants per
 * lease when EVENTSTORE_URL is set, otherwise the `leases` table in the shared SQLite log's file.
 * `ttlMs` is the lease's TTL, which sets the KurrentDB fence margin.
 */
export function openConfiguredLeaseStore(
  config: Pick<AppConfig, 'EVENTSTORE_URL' | 'TABLECAST_DATA_DIR' | 'TABLECAST_LOG_DIR'>,
  ttlMs: number,
): LeaseStore {
  if (config.EVENTSTORE_URL !== undefined) {
    return new KurrentDbLeaseStore(config.EVENTSTORE_URL, { fenceMarginMs: leaseFenceMarginMs(ttlMs) });
  }
  return new SqliteLeaseStore({ dataDir: eventLogDir(config) });
}
