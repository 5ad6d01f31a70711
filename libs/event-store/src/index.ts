// @tablecast/event-store — the event log port, its SQLite and KurrentDB adapters, and the hash chain.
export * from './position';
export * from './port';
export * from './errors';
export * from './event-store';
export { nameBasedEventId } from './name-based-ids';
export { canonicalJson } from './chain/canonical-json';
export { eventHash, hashInput, type HashedFields } from './chain/hash';
export { sealBatch, type SealedEvent } from './chain/seal';
export * from './chain/verify';
export { checkHeads, type RecordedHeads, type StreamHead } from './chain/heads';
export {
  checkPublishedHead,
  parsePublishedHeads,
  publishedHeads,
  type PublishedHeads,
} from './chain/published-heads';
export {
  SqliteEventLog,
  SQLITE_FILE_NAME,
  type SqliteEventLogOptions,
  type GroupCommitTotals,
} from './sqlite/sqlite-event-log';
export { LOCK_WAITED_MS, type AppendTimingTotals } from './sqlite/append-timings';
export { EventInserter } from './sqlite/event-inserter';
export { notifyAppend, onAppend } from './sqlite/append-notifier';
export { BUSY_TIMEOUT_MS, useWalMode } from './sqlite/wal-mode';
export { KurrentDbEventLog, type KurrentDbFencingOptions } from './kurrentdb/kurrentdb-event-log';
export { KurrentDbLeaseStore, type KurrentDbLeaseStoreOptions } from './kurrentdb/kurrentdb-lease-store';
export { DEFAULT_FENCE_MARGIN_MS, LEASE_STREAM_PREFIX } from './kurrentdb/lease-stream';
export * from './open-event-store';
export {
  acquireDataDirLock,
  releaseDataDirLock,
  DataDirLockedError,
  DATA_DIR_LOCK_FILE_NAME,
  type DataDirLock,
} from './data-dir/data-dir-lock';
export {
  defaultRetryDelayMs,
  superviseSubscription,
  SubscriptionEndedError,
  type SubscriptionStatus,
  type Supervision,
} from './subscription/supervised-subscription';
export type { SubscriptionHealthReport } from './subscription/subscription-health';
export { LeaseFencedError, type Lease, type LeaseClaim, type LeaseStore } from './lease/lease';
export { SqliteLeaseStore, type SqliteLeaseStoreOptions } from './lease/sqlite-lease-store';
