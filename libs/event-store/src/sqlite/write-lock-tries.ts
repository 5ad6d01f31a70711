import type Database from 'better-sqlite3';

/**
 * Tries after the first, made at the next turn of the event loop (`setImmediate`), before any
 * timer: another process holds the write lock for a commit of a few hundredths of a millisecond,
 * so it is often free again by the time this loop has read its sockets once.
 */
export const LOCK_RETRY_YIELDS = 3;

/** The pauses (ms) before the tries after those, then LONGEST_PAUSE_MS until the deadline. */
const LOCK_RETRY_PAUSES_MS: readonly number[] = [1, 1, 2, 2];
const LONGEST_PAUSE_MS = 5;

/** When to try again after `tries` refused tries: at the next turn, or after a pause of this many ms. */
export function lockRetryPause(tries: number): 'next turn' | number {
  if (tries <= LOCK_RETRY_YIELDS) return 'next turn';
  return LOCK_RETRY_PAUSES_MS[tries - LOCK_RETRY_YIELDS - 1] ?? LONGEST_PAUSE_MS;
}

/**
 * Takes a connection's write lock without waiting for it on the event loop. SQLite's busy handler
 * waits for a lock held elsewhere by sleeping the thread (1, 2, 5, 10 … ms between tries): the
 * whole event loop stands still meanwhile, though another process holds the lock for far less
 * than the first sleep. With the busy timeout at 0 for the `BEGIN IMMEDIATE`, a held lock answers
 * SQLITE_BUSY at once, and the caller tries again later from the event loop, within the busy
 * timeout it had (kept here: SQLite sets `PRAGMA busy_timeout` when the statement is prepared, so
 * each change is a statement prepared anew, and reading it back would be one more).
 */
export class WriteLockTries {
  /** The statement putting `timeoutMs` back. */
  private restore: string;

  constructor(
    private readonly db: Database.Database,
    private timeoutMs: number,
  ) {
    this.restore = `PRAGMA busy_timeout = ${String(timeoutMs)}`;
  }

  /** How long a lock may be waited for in all: the connection's busy timeout between tries. */
  get busyTimeoutMs(): number {
    return this.timeoutMs;
  }

  setBusyTimeout(ms: number): void {
    if (!Number.isInteger(ms) || ms < 0)
      throw new RangeError(`busy timeout: a whole number of ms ≥ 0, got ${String(ms)}`);
    this.restore = `PRAGMA busy_timeout = ${String(ms)}`;
    this.db.exec(this.restore);
    this.timeoutMs = ms;
  }

  /** Runs `begin` (which takes the write lock first thing) with the connection's busy handler off. */
  withoutWaiting<T>(begin: () => T): T {
    if (this.timeoutMs === 0) return begin();
    // exec, not `pragma`: no statement object nor result row, a quarter of the cost (0.6 µs).
    this.db.exec('PRAGMA busy_timeout = 0');
    try {
      return begin();
    } finally {
      this.db.exec(this.restore);
    }
  }
}
