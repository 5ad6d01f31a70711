import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SQLITE_FILE_NAME } from '../sqlite/sqlite-event-log';
import { useWalMode } from '../sqlite/wal-mode';
import type { Lease, LeaseClaim, LeaseStore } from './lease';
import { badTtl, claimOutcome } from './lease-grant';
import { RELEASED, SqliteLeaseCheck } from './sqlite-lease-check';

export type SqliteLeaseStoreOptions = (
  | {
      /** The data dir of the SQLite event log: leases live in its file, shared by every process on it. */
      readonly dataDir: string;
    }
  | {
      /**
       * An open connection to a file every contender shares (the feed ledger's): the leases table
       * goes there, and the owner's own writes on this connection can be fenced in one transaction
       * with the check (`assertHeld`). Closing the store leaves the connection open.
       */
      readonly database: Database.Database;
    }
) & {
  /** Wall-clock ms (every process on the file compares against the same clock); a test steps it. */
  readonly now?: () => number;
};

/**
 * Leases in the embedded event log's own file (table `leases`, one row per lease). A fencing lease's
 * row is never deleted, so its tokens only grow; only leases whose token fences nothing (a feeds
 * process's member lease) are removed (`remove`, `prune`). Each claim and each fenced write runs in a BEGIN IMMEDIATE transaction: the
 * write lock is taken before the row is read, so two processes on the file see one owner, and a
 * fenced write commits together with the check that allowed it.
 */
export class SqliteLeaseStore implements LeaseStore {
  readonly file: string;
  private readonly db: Database.Database;
  private readonly now: () => number;
  private readonly check: SqliteLeaseCheck;
  private readonly statements;

  private readonly ownsConnection: boolean;

  constructor(options: SqliteLeaseStoreOptions) {
    this.now = options.now ?? Date.now;
    if ('database' in options) {
      this.db = options.database;
      this.file = this.db.name;
      this.ownsConnection = false;
    } else {
      mkdirSync(options.dataDir, { recursive: true });
      this.file = resolve(join(options.dataDir, SQLITE_FILE_NAME));
      this.db = new Database(this.file);
      this.ownsConnection = true;
    }
    useWalMode(this.db);
    this.check = new SqliteLeaseCheck(this.db, this.now);
    this.statements = {
      get: this.check.get,
      live: this.db.prepare<
        [string, string, number],
        { name: string; owner: string; token: number; expires_at: number }
      >(
        `SELECT name, owner, token, expires_at FROM leases
         WHERE substr(name, 1, length(?)) = ? AND expires_at > ? ORDER BY name`,
      ),
      remove: this.db.prepare<[string, string, number]>(
        'DELETE FROM leases WHERE name = ? AND owner = ? AND token = ?',
      ),
      prune: this.db.prepare<[string, string, number, number]>(
        `DELETE FROM leases WHERE rowid IN (
           SELECT rowid FROM leases WHERE substr(name, 1, length(?)) = ? AND expires_at <= ? LIMIT ?)`,
      ),
      put: this.db.prepare<[string, string, number, number]>(
        `INSERT INTO leases (name, owner, token, expires_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, token = excluded.token, expires_at = excluded.expires_at`,
      ),
    };
  }

  acquire(name: string, owner: string, ttlMs: number): Promise<LeaseClaim> {
    const bad = badTtl(ttlMs);
    if (bad !== undefined) return Promise.reject(bad);
    return this.immediate(() => {
      const now = this.now();
      const row = this.statements.get.get(name);
      const { claim, record } = claimOutcome(
        name,
        owner,
        ttlMs,
        row === undefined ? undefined : { owner: row.owner, token: row.token, expiresAt: row.expires_at },
        now,
      );
      if (record !== undefined) this.statements.put.run(name, owner, record.token, record.expiresAt);
      return claim;
    });
  }

  fenced<T>(lease: Lease, write: () => T): Promise<T> {
    return this.immediate(() => {
      this.assertHeld(lease);
      return write();
    });
  }

  /**
   * Throws LeaseFencedError unless `lease` is the current, live grant. Synchronous, for a caller
   * on this store's own connection that already holds the write lock (a BEGIN IMMEDIATE
   * transaction): no takeover can come between this check and that transaction's commit.
   */
  assertHeld(lease: Lease): void {
    this.check.assertHeld(lease);
  }

  /**
   * The live grants (neither released nor run out, by this store's clock) of every lease whose
   * name starts with `prefix`, by name: who holds which partition, and how many processes are live.
   * A plain read, not a claim: it may be out of date by the time it returns.
   */
  liveLeases(prefix: string): Lease[] {
    return this.statements.live
      .all(prefix, prefix, this.now())
      .map((row) => ({ name: row.name, owner: row.owner, token: row.token, expiresAt: row.expires_at }));
  }

  release(lease: Lease): Promise<void> {
    return this.immediate(() => {
      const row = this.statements.get.get(lease.name);
      if (row?.token !== lease.token || row.owner !== lease.owner) return;
      this.statements.put.run(lease.name, lease.owner, lease.token, RELEASED);
    });
  }

  /**
   * Deletes the lease's row while it is still this grant: for a lease whose token fences nothing
   * (a member lease, counted while live), so a clean stop leaves no row behind. Never for a fencing
   * lease: a deleted row would hand the next holder token 1 again.
   */
  remove(lease: Lease): Promise<void> {
    return this.immediate(() => {
      this.statements.remove.run(lease.name, lease.owner, lease.token);
    });
  }

  /**
   * Deletes at most `limit` rows whose name starts with `prefix` and that ran out (or were released)
   * at least `expiredForMs` ago by this store's clock: the rows of member leases whose processes are
   * long gone. Only for leases whose token fences nothing (see `remove`). Returns how many went.
   */
  prune(prefix: string, expiredForMs: number, limit: number): Promise<number> {
    return this.immediate(
      () => this.statements.prune.run(prefix, prefix, this.now() - expiredForMs, limit).changes,
    );
  }

  close(): Promise<void> {
    if (this.ownsConnection) this.db.close();
    return Promise.resolve();
  }

  /** One BEGIN IMMEDIATE transaction; its result or its error as a promise. */
  private immediate<T>(work: () => T): Promise<T> {
    try {
      return Promise.resolve(this.db.transaction(work).immediate());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
