import type Database from 'better-sqlite3';
import type { Lease } from './lease';
import { fencingRefusal, RELEASED } from './lease-grant';

export { RELEASED };

export interface LeaseRow {
  readonly owner: string;
  readonly token: number;
  readonly expires_at: number;
}

/**
 * The `leases` table of one SQLite connection, and the fencing check against it (TC-SCALE-1): the
 * lease store claims and renews through it, and a writer on the same connection (the event log's
 * fenced appends, the feed ledger) runs the check inside its own write transaction, so no takeover
 * can come between the check and that transaction's commit.
 */
export class SqliteLeaseCheck {
  readonly get: Database.Statement<[string], LeaseRow>;

  constructor(
    db: Database.Database,
    /** Wall-clock ms (every process on the file compares against the same clock); a test steps it. */
    private readonly now: () => number,
  ) {
    db.exec(`CREATE TABLE IF NOT EXISTS leases (
      name TEXT PRIMARY KEY,
      owner TEXT NOT NULL,
      token INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    ) STRICT`);
    this.get = db.prepare<[string], LeaseRow>('SELECT owner, token, expires_at FROM leases WHERE name = ?');
  }

  /**
   * Throws LeaseFencedError unless `lease` is the current, live grant. Synchronous, for a caller
   * on this connection that already holds the write lock (a BEGIN IMMEDIATE transaction).
   */
  assertHeld(lease: Lease): void {
    const row = this.get.get(lease.name);
    const refusal = fencingRefusal(
      lease,
      row === undefined ? undefined : { owner: row.owner, token: row.token, expiresAt: row.expires_at },
      this.now(),
    );
    if (refusal !== undefined) throw refusal;
  }
}
