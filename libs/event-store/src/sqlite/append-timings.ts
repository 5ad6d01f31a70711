import { performance } from 'node:perf_hooks';

/**
 * Where a SQLite append's time goes, summed since the log was opened: waiting for the write lock
 * (`BEGIN IMMEDIATE`, which SQLite's busy handler retries while another connection or process
 * holds it, sleeping 1, 2, 5, 10 … ms between tries; a group commit tries again from the event
 * loop instead, see write-lock-tries.ts), the work inside the transaction (head check,
 * sealing, inserts), and the commit. Several processes appending to one file share its one write
 * lock: these say whether that lock is what holds them back.
 */
export interface AppendTimingTotals {
  /** Appends that committed. */
  readonly appends: number;
  /**
   * Transactions that found the write lock held by another writer: their `BEGIN IMMEDIATE` took
   * at least LOCK_WAITED_MS, or (a group commit) was refused and tried again.
   */
  readonly lockWaits: number;
  readonly lockWaitMs: number;
  readonly transactionMs: number;
  readonly commitMs: number;
}

/**
 * An uncontended `BEGIN IMMEDIATE` takes microseconds; SQLite's busy handler's first sleep is
 * 1 ms, so an append that took this long to get the lock waited for another writer at least once.
 */
export const LOCK_WAITED_MS = 1;

/** The clock marks of one append, set as it passes each stage (see SqliteEventLog.append). */
export class AppendTimings {
  private totals = { appends: 0, lockWaits: 0, lockWaitMs: 0, transactionMs: 0, commitMs: 0 };
  private calledAt = 0;
  private lockedAt = 0;
  private decidedAt = 0;

  /**
   * Before `BEGIN IMMEDIATE`; `since`: when the first try of the same transaction was made, for a
   * group commit trying again after the lock was refused (its wait counts from there).
   */
  called(since = performance.now()): void {
    this.calledAt = since;
    this.lockedAt = 0;
    this.decidedAt = 0;
  }

  /**
   * First thing inside the transaction: the write lock is held. A group commit's appends each
   * say so in their savepoints; the first one marks when the lock was had.
   */
  locked(): void {
    if (this.lockedAt === 0) this.lockedAt = performance.now();
  }

  /** Last thing inside the transaction, before its COMMIT. */
  decided(): void {
    this.decidedAt = performance.now();
  }

  /**
   * After the COMMIT returned; an append that threw is not counted. `appends`: how many the
   * commit carried (a group commit's, less those refused in it); the times are the transaction's.
   * `refused`: the lock was refused at least once before it was had (a group commit's tries).
   */
  committed(appends = 1, refused = false): void {
    if (this.lockedAt === 0 || this.decidedAt === 0 || appends === 0) return;
    const lockWait = this.lockedAt - this.calledAt;
    this.totals.appends += appends;
    if (refused || lockWait >= LOCK_WAITED_MS) this.totals.lockWaits += 1;
    this.totals.lockWaitMs += lockWait;
    this.totals.transactionMs += this.decidedAt - this.lockedAt;
    this.totals.commitMs += performance.now() - this.decidedAt;
  }

  snapshot(): AppendTimingTotals {
    return { ...this.totals };
  }
}
