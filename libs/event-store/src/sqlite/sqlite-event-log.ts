import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sealBatch } from '../chain/seal';
import type { RecordedHeads, StreamHead } from '../chain/heads';
import { isLogBusyError, StreamHeadMismatchError } from '../errors';
import { checkExpected } from '../expected-revision';
import { SqliteLeaseCheck } from '../lease/sqlite-lease-check';
import type { Lease } from '../lease/lease';
import type {
  AppendOptions,
  AppendResult,
  EventLog,
  ExpectedRevision,
  LiveStreams,
  ReadAllOptions,
  ReadLiveStreamsOptions,
  ReadStreamOptions,
  StoredEvent,
  SubscribeOptions,
  Subscription,
  SubscriptionFilter,
  UnsealedEvent,
} from '../port';
import { positionOf, type Position } from '../position';
import { notifyAppend } from './append-notifier';
import { AppendTimings, type AppendTimingTotals } from './append-timings';
import { asAsyncIterable } from '../async-iterable';
import { EventInserter } from './event-inserter';
import { filterMatcher } from './filter-matcher';
import { StoreNames } from './name-dictionary';
import { prepareReads, type ReadStatements, type RowPage } from './read-statements';
import { RecentRows } from './recent-rows';
import { idRowMapper, type EventRowValues } from './row-mapping';
import { LiveStreamWriter } from './live-streams';
import { HEADS_SCHEMA_VERSION, migrate, rowLayout } from './schema';
import { SqliteSubscription } from './sqlite-subscription';
import { BUSY_TIMEOUT_MS, useWalMode } from './wal-mode';
import { lockRetryPause, WriteLockTries } from './write-lock-tries';

export const SQLITE_FILE_NAME = 'events.sqlite';

export interface SqliteEventLogOptions {
  /** Directory holding the database file; created if missing. */
  readonly dataDir: string;
  /**
   * 'normal' (default): with WAL, a commit survives a crash of this process (tested with kill -9)
   * but the last commits can be lost to a power cut or kernel crash. 'full' fsyncs every commit:
   * durable against power loss, 10–20 times slower on this machine's disk.
   */
  readonly synchronous?: 'normal' | 'full';
  /** How often an idle subscriber looks for appends made by other processes. */
  readonly crossProcessPollMs?: number;
  readonly readOnly?: boolean;
  /**
   * Past this many WAL pages a commit checkpoints the file itself, inside that commit (SQLite's
   * `wal_autocheckpoint`, default 1,000). A process that checkpoints the file from another thread
   * sets it higher, so its commits rarely pay the checkpoint's fsyncs; 0 leaves all checkpoints to
   * that thread (the WAL then grows while it is not running). Durability does not depend on it.
   */
  readonly walAutocheckpointPages?: number;
  /**
   * The wall clock (ms) a fenced append's lease expiry is checked with; every process on the file
   * must read the same one. A test steps it, as it steps the lease store's.
   */
  readonly leaseClock?: () => number;
  /**
   * Appends made in one turn of the event loop (not inside a caller's transaction) share one
   * transaction and one commit, taken after the turn's I/O callbacks (`setImmediate`): the
   * commands of different matches that arrive together pay the commit's write once. Each append
   * is still checked against its own expected revision, under the shared write lock, in its own
   * savepoint, so a conflict refuses that append alone. Durability is unchanged: every append is
   * answered only after the shared commit has returned, so a crash before it loses only appends
   * nobody was told about (see sqlite-group-commit.int.spec.ts). While another connection or
   * process holds the write lock, the group waits without holding up the event loop: it is tried
   * again at the next turns, then after short pauses, within the busy timeout (past it, every
   * append of it is refused with SQLITE_BUSY, as a blocking wait would be); the appends made
   * meanwhile join it. Off by default: a lone append then commits before `append` returns.
   */
  readonly groupCommit?: boolean;
}

/** Commits and appends of the group-committed path, since the log was opened. */
export interface GroupCommitTotals {
  readonly commits: number;
  readonly appends: number;
}

/** A group refused the write lock, tried again from the event loop (`groupCommit`). */
interface LockWait {
  /** When its first try was made: its wait for the lock counts from there. */
  readonly since: number;
  /** Tries refused so far. */
  tries: number;
}

/** One append waiting for its group's commit (`groupCommit`). */
interface QueuedAppend {
  readonly stream: string;
  readonly events: readonly UnsealedEvent[];
  readonly expected: ExpectedRevision;
  readonly fence: Lease | undefined;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: Error) => void;
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

const READ_PAGE = 1000;

/** Where readAllSync starts: no rows, so its mapping is never called. */
const noRows: RowPage = {
  rows: [],
  toEvent: () => {
    throw new RangeError('no row to map');
  },
};

export class SqliteEventLog implements EventLog {
  readonly file: string;
  readonly description: string;
  readonly crossProcessPollMs: number;
  private readonly db: Database.Database;
  /** This connection's stream and type ids (schema v3); learns only committed ones. */
  private readonly names: StoreNames;
  /** Replaced when another connection migrates the file under a read-only one (see `read`). */
  private reads: ReadStatements;
  private readonly statements;
  private readonly appendTransaction;
  /** The rows of the last appends, for this process's subscribers (recent-rows.ts). */
  private readonly recent = new RecentRows();
  private readonly rowToEvent: (row: EventRowValues) => StoredEvent;
  /** The rows the append transaction just wrote, until it has committed (or not). */
  private written: EventRowValues[] = [];
  private readonly timings = new AppendTimings();
  private readonly leaseClock: () => number;
  /** The `leases` table on this connection, prepared at the first fenced append. */
  private leases: SqliteLeaseCheck | undefined;
  private readonly groupCommit: boolean;
  /** The appends of this turn, until their group commits (`groupCommit`). */
  private queued: QueuedAppend[] = [];
  /** Cancels the next try of the queued group, while one is scheduled. */
  private cancelNextTry: (() => void) | undefined;
  /** The queued group's wait, once the write lock was refused to it. */
  private lockWait: LockWait | undefined;
  private readonly lockTries: WriteLockTries;
  private readonly groupTransaction;
  private groupTotals = { commits: 0, appends: 0 };

  constructor(options: SqliteEventLogOptions) {
    this.file = resolve(join(options.dataDir, SQLITE_FILE_NAME));
    this.description = `SQLite ${this.file}`;
    this.crossProcessPollMs = options.crossProcessPollMs ?? 200;
    this.leaseClock = options.leaseClock ?? Date.now;
    this.groupCommit = options.groupCommit === true && options.readOnly !== true;
    if (options.readOnly !== true) mkdirSync(options.dataDir, { recursive: true });
    this.db = new Database(this.file, {
      readonly: options.readOnly === true,
      fileMustExist: options.readOnly === true,
    });
    if (options.readOnly === true) this.db.pragma(`busy_timeout = ${String(BUSY_TIMEOUT_MS)}`);
    else {
      useWalMode(this.db);
      this.db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
      if (options.walAutocheckpointPages !== undefined) {
        this.db.pragma(`wal_autocheckpoint = ${String(options.walAutocheckpointPages)}`);
      }
      migrate(this.db);
    }
    const db = this.db;
    this.names = new StoreNames(db);
    this.reads = prepareReads(db, this.names);
    this.rowToEvent = idRowMapper(this.names);
    this.lockTries = new WriteLockTries(db, BUSY_TIMEOUT_MS);
    this.statements = {
      getCheckpoint: db.prepare<[string], { position: number }>(
        'SELECT position FROM checkpoints WHERE name = ?',
      ),
      saveCheckpoint: db.prepare<[string, number]>(
        'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
      ),
    };
    // BEGIN IMMEDIATE takes the write lock before reading the stream head, so a second connection
    // (or process) waits and then sees this commit: the revision check and the insert are atomic.
    this.appendTransaction = db.transaction(
      (
        stream: string,
        events: readonly UnsealedEvent[],
        expected: ExpectedRevision,
        fence: Lease | undefined,
      ): AppendResult => {
        this.timings.locked();
        // TC-SCALE-1: under the write lock, so no takeover comes between the check and the commit.
        if (fence !== undefined) this.leaseCheck().assertHeld(fence);
        const { streams, types } = this.names;
        const streamId = streams.idOf(stream);
        const head = streamId === undefined ? undefined : this.headStatements.head.get(streamId);
        const recorded = this.headStatements.get.get(stream);
        if (recorded?.revision !== head?.revision || recorded?.hash !== head?.hash) {
          throw new StreamHeadMismatchError(stream, recorded, head);
        }
        checkExpected(stream, expected, head?.revision);
        const sealed = sealBatch(stream, head?.revision ?? -1, head?.hash ?? null, events);
        const id = streamId ?? streams.idForWrite(stream);
        const position = this.headStatements.inserter.insert(id, sealed, types);
        const last = sealed[sealed.length - 1];
        if (last === undefined) throw new RangeError('nothing to append');
        // One transaction holds the write lock, so the batch's positions are consecutive.
        const first = position - sealed.length + 1;
        this.written = sealed.map((event, index): EventRowValues => [
          first + index,
          id,
          event.revision,
          types.idForWrite(event.type),
          event.metadata.hash,
          event.envelopeJson,
        ]);
        this.headStatements.save.run(stream, last.revision, last.metadata.hash);
        this.headStatements.live.appended(stream, last.type);
        this.timings.decided();
        return { nextRevision: last.revision, position: positionOf(position) };
      },
    );
    // Each append runs in a savepoint of the group's transaction (better-sqlite3 nests a
    // transaction function as one): a refused append is rolled back alone, the others stay.
    this.groupTransaction = db.transaction(
      (group: readonly QueuedAppend[], outcomes: (AppendResult | Error)[], rows: EventRowValues[]) => {
        for (const append of group) {
          const mark = this.names.pendingMark();
          try {
            outcomes.push(
              this.appendTransaction(append.stream, append.events, append.expected, append.fence),
            );
            for (const row of this.written) rows.push(row);
          } catch (error) {
            this.names.discardPendingFrom(mark);
            outcomes.push(asError(error));
          } finally {
            this.written = [];
          }
        }
      },
    );
  }

  append(
    stream: string,
    events: readonly UnsealedEvent[],
    expected: ExpectedRevision,
    options?: AppendOptions,
  ): Promise<AppendResult> {
    // Inside a caller's own transaction the append joins that one, as a savepoint, now.
    if (this.groupCommit && !this.db.inTransaction)
      return this.enqueue(stream, events, expected, options?.fence);
    let result: AppendResult;
    try {
      this.timings.called();
      const fence = options?.fence;
      // Prepared before the write lock is taken (creating the table, on a file no lease was claimed in yet).
      if (fence !== undefined) this.leaseCheck();
      result = this.appendTransaction.immediate(stream, events, expected, fence);
      this.timings.committed();
    } catch (error) {
      this.written = [];
      this.names.discardPending();
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const written = this.written;
    this.written = [];
    // Only a commit makes the ids of new names the file's: inside a caller's own transaction
    // (a savepoint) they are not yet, and are looked up again once they are. Its rows are not
    // kept either: that transaction may still roll back.
    if (this.db.inTransaction) this.names.discardPending();
    else {
      this.names.publishPending();
      this.recent.add(written);
    }
    notifyAppend(this.file);
    return Promise.resolve(result);
  }

  private enqueue(
    stream: string,
    events: readonly UnsealedEvent[],
    expected: ExpectedRevision,
    fence: Lease | undefined,
  ): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.queued.push({ stream, events, expected, fence, resolve, reject });
      // After this turn's I/O callbacks: the commands read from the sockets together share it.
      // While a try of the group is scheduled (the lock was refused), the append joins that one.
      if (this.cancelNextTry === undefined) this.scheduleTry('next turn');
    });
  }

  private scheduleTry(when: 'next turn' | number): void {
    const run = (): void => {
      this.cancelNextTry = undefined;
      this.commitQueued('without waiting');
    };
    if (when === 'next turn') {
      const immediate = setImmediate(run);
      this.cancelNextTry = () => {
        clearImmediate(immediate);
      };
    } else {
      const timer = setTimeout(run, when);
      this.cancelNextTry = () => {
        clearTimeout(timer);
      };
    }
  }

  /**
   * Commits the queued appends in one transaction, then answers each: its result, or why it was
   * refused. No append is answered before the COMMIT has returned (an acknowledged command is as
   * durable as with a commit of its own); when the COMMIT itself fails, SQLite rolls the whole
   * group back and every append of it is refused with that error.
   *
   * 'without waiting': when another connection holds the write lock, the group stays queued and
   * is tried again later (`scheduleTry`), until the connection's busy timeout has passed since its
   * first try; then it is refused with SQLITE_BUSY. 'waiting': SQLite's busy handler waits on this
   * thread, as for a lone append (at close, when no later turn will come).
   */
  private commitQueued(wait: 'without waiting' | 'waiting'): void {
    const group = this.queued;
    if (group.length === 0) return;
    const outcomes: (AppendResult | Error)[] = [];
    const rows: EventRowValues[] = [];
    const now = performance.now();
    const lockWait = this.lockWait;
    try {
      this.timings.called(lockWait?.since ?? now);
      // Prepared before the write lock is taken, as in `append`.
      if (group.some((append) => append.fence !== undefined)) this.leaseCheck();
      const commit = (): void => {
        this.groupTransaction.immediate(group, outcomes, rows);
      };
      if (wait === 'waiting') commit();
      else this.lockTries.withoutWaiting(commit);
      this.timings.committed(
        outcomes.filter((outcome) => !(outcome instanceof Error)).length,
        lockWait !== undefined,
      );
    } catch (error) {
      this.names.discardPending();
      // No outcome: the group's BEGIN IMMEDIATE was refused, nothing of it was decided yet.
      const since = lockWait?.since ?? now;
      const left = this.lockTries.busyTimeoutMs - (performance.now() - since);
      if (wait === 'without waiting' && outcomes.length === 0 && isLogBusyError(error) && left > 0) {
        const tries = (lockWait?.tries ?? 0) + 1;
        this.lockWait = { since, tries };
        const pause = lockRetryPause(tries);
        this.scheduleTry(pause === 'next turn' ? pause : Math.min(pause, left));
        return;
      }
      this.queued = [];
      this.lockWait = undefined;
      const failure = asError(error);
      for (const append of group) append.reject(failure);
      return;
    }
    this.queued = [];
    this.lockWait = undefined;
    this.groupTotals.commits += 1;
    this.groupTotals.appends += group.length;
    this.names.publishPending();
    this.recent.add(rows);
    if (rows.length > 0) notifyAppend(this.file);
    group.forEach((append, index) => {
      const outcome = outcomes[index];
      if (outcome === undefined) append.reject(new Error('group commit: no outcome for this append'));
      else if (outcome instanceof Error) append.reject(outcome);
      else append.resolve(outcome);
    });
  }

  /** How many group commits there were and how many appends they carried. */
  groupCommitTotals(): GroupCommitTotals {
    return { ...this.groupTotals };
  }

  readStream(stream: string, options: ReadStreamOptions = {}): Promise<readonly StoredEvent[]> {
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    return Promise.resolve(this.read((reads) => reads.readStream(stream, backwards, from, maxCount)));
  }

  readAll(options: ReadAllOptions = {}): AsyncIterable<StoredEvent> {
    return asAsyncIterable(this.readAllSync(options));
  }

  /**
   * readAll without the promise per event, for the CLI verifier and replays. A plain iterator over
   * pages rather than a generator: one resumption less per event of a million-event replay.
   */
  readAllSync(options: ReadAllOptions = {}): IterableIterator<StoredEvent> {
    const fetchPage = (from: number, limit: number): RowPage =>
      this.read((reads) => reads.allFrom(from, limit));
    let next =
      options.fromPosition === undefined || options.fromPosition === 'start'
        ? 0
        : Number(options.fromPosition.commit);
    let remaining = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    // The mapping comes with each page: a page read before a migration under this connection
    // holds rows of the old layout.
    let { rows, toEvent } = noRows;
    let index = 0;
    let lastPage = false;
    const end: IteratorReturnResult<undefined> = { done: true, value: undefined };
    const iterator: IterableIterator<StoredEvent> = {
      next(): IteratorResult<StoredEvent, undefined> {
        if (index >= rows.length) {
          if (lastPage || remaining <= 0) return end;
          const limit = Math.min(READ_PAGE, remaining);
          ({ rows, toEvent } = fetchPage(next, limit));
          index = 0;
          remaining -= rows.length;
          lastPage = rows.length < limit;
          const last = rows[rows.length - 1];
          if (last === undefined) return end;
          next = last[0] + 1;
        }
        const row = rows[index];
        index += 1;
        if (row === undefined) return end;
        return { done: false, value: toEvent(row) };
      },
      [Symbol.iterator]() {
        return iterator;
      },
    };
    return iterator;
  }

  /**
   * For a filtered subscriber that keeps up: the events matching `filter` among the rows this
   * connection committed last, when it holds every row after `after` (else undefined: read the
   * file), and the position it has looked through, which the subscriber may move to although the
   * rows up to it did not match (the file's reads then start after them).
   */
  readRecentFiltered(
    after: number,
    filter: SubscriptionFilter,
    limit: number,
  ): { readonly events: StoredEvent[]; readonly through: number } | undefined {
    const rows = this.recent.after(after, limit);
    const last = rows?.[rows.length - 1];
    if (rows === undefined || last === undefined) return undefined;
    const matches = filterMatcher(filter);
    return { events: rows.map(this.rowToEvent).filter(matches), through: last[0] };
  }

  /** One page of events strictly after `after`, matching `filter`; used by subscriptions. */
  readPageAfter(after: number, filter: SubscriptionFilter | undefined, limit: number): StoredEvent[] {
    const recent = filter === undefined ? this.recent.after(after, limit) : undefined;
    if (recent !== undefined) return recent.map(this.rowToEvent);
    return this.read((reads) => reads.pageAfter(after, filter, limit));
  }

  /**
   * Runs a read. A read-only open of a file in a layout before schema v3 prepared its reads for
   * the old columns; once another process migrates the file (its first open for writing), SQLite
   * cannot prepare them again ("no such column"). Then the reads are prepared for the new layout
   * and the read runs once more; any other error, or one in an unchanged layout, is thrown.
   */
  private read<T>(query: (reads: ReadStatements) => T): T {
    try {
      return query(this.reads);
    } catch (error) {
      if (this.reads.layout === 'ids' || rowLayout(this.db) === this.reads.layout) throw error;
      this.reads = prepareReads(this.db, this.names);
      return query(this.reads);
    }
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription<StoredEvent> {
    const from =
      options.fromPosition === undefined || options.fromPosition === 'start'
        ? 0
        : Number(options.fromPosition.commit);
    // Read at subscribing, not at the first page: the head check is against the log as it stood now.
    const caughtUp =
      options.onCaughtUp === undefined
        ? undefined
        : { head: this.read((reads) => reads.lastPosition()), notify: options.onCaughtUp };
    return new SqliteSubscription(this, from, options.filter, caughtUp);
  }

  /** The last event's position, from the row ids alone (no event is read). */
  headPosition(): Promise<Position | undefined> {
    const last = this.read((reads) => reads.lastPosition());
    return Promise.resolve(last === 0 ? undefined : positionOf(last));
  }

  /** The heads recorded with each append, or why this file has none (see schema.ts). */
  readStreamHeads(): Promise<RecordedHeads> {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version < HEADS_SCHEMA_VERSION) {
      return Promise.resolve({
        recorded: false,
        reason:
          'this file was written before stream heads were recorded; opening it once for writing records them',
      });
    }
    const table = this.db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'stream_heads'")
      .get();
    // A file marked as keeping heads but without the table lost it: no stream then has a head.
    const heads =
      table === undefined
        ? []
        : this.db
            .prepare<[], StreamHead>('SELECT stream, revision, hash FROM stream_heads ORDER BY stream')
            .all();
    return Promise.resolve({ recorded: true, heads });
  }

  /**
   * The live match streams and the head, in one read transaction (one snapshot of the file, so an
   * append by another process lands wholly after the head or wholly before it). Undefined for a
   * read-only open of a file from before the set was kept (schema v4: opening it once for
   * writing fills it).
   */
  readLiveStreams(options: ReadLiveStreamsOptions = {}): Promise<LiveStreams | undefined> {
    const snapshot = this.db.transaction((): LiveStreams | undefined => {
      const table = this.db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'live_streams'")
        .get();
      if (table === undefined) return undefined;
      const last = this.read((reads) => reads.lastPosition());
      const live = this.db
        .prepare<[], string>('SELECT stream FROM live_streams ORDER BY stream')
        .pluck()
        .all();
      const head = last === 0 ? undefined : positionOf(last);
      if (options.withHeads !== true) return { head, live };
      const heads = this.db
        .prepare<[], StreamHead>('SELECT stream, revision, hash FROM stream_heads ORDER BY stream')
        .all();
      return { head, live, heads };
    });
    return Promise.resolve(snapshot.deferred());
  }

  getCheckpoint(name: string): Promise<Position | undefined> {
    const row = this.statements.getCheckpoint.get(name);
    return Promise.resolve(row === undefined ? undefined : positionOf(row.position));
  }

  saveCheckpoint(name: string, position: Position): Promise<void> {
    this.statements.saveCheckpoint.run(name, Number(position.commit));
    return Promise.resolve();
  }

  close(): Promise<void> {
    // The appends queued this turn are committed (and answered) before the file is let go.
    this.cancelNextTry?.();
    this.cancelNextTry = undefined;
    this.commitQueued('waiting');
    this.db.close();
    return Promise.resolve();
  }

  private leaseCheck(): SqliteLeaseCheck {
    this.leases ??= new SqliteLeaseCheck(this.db, this.leaseClock);
    return this.leases;
  }

  /**
   * How long this connection waits for a lock another one holds (`BUSY_TIMEOUT_MS` by default); a
   * group past it is refused with SQLITE_BUSY. Set here, not with the pragma on `database`: the
   * group commit puts the value it knows back after each try.
   */
  setBusyTimeout(ms: number): void {
    this.lockTries.setBusyTimeout(ms);
  }

  /** Where this connection's appends spent their time, since it was opened (append-timings.ts). */
  appendTimings(): AppendTimingTotals {
    return this.timings.snapshot();
  }

  /** For tests and tools that must reach under the port (tampering, raw fixtures). */
  get database(): Database.Database {
    return this.db;
  }

  private headStatementsCache:
    | {
        readonly head: Database.Statement<[number], { revision: number; hash: string }>;
        readonly get: Database.Statement<[string], { revision: number; hash: string }>;
        readonly save: Database.Statement<[string, number, string]>;
        readonly inserter: EventInserter;
        readonly live: LiveStreamWriter;
      }
    | undefined;

  /**
   * Prepared on first append: a read-only open of a file from before heads (or before schema v3)
   * has no such table (or column).
   */
  private get headStatements(): NonNullable<typeof this.headStatementsCache> {
    this.headStatementsCache ??= {
      head: this.db.prepare<[number], { revision: number; hash: string }>(
        'SELECT revision, hash FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
      ),
      get: this.db.prepare<[string], { revision: number; hash: string }>(
        'SELECT revision, hash FROM stream_heads WHERE stream = ?',
      ),
      save: this.db.prepare<[string, number, string]>(
        'INSERT INTO stream_heads (stream, revision, hash) VALUES (?, ?, ?) ON CONFLICT (stream) DO UPDATE SET revision = excluded.revision, hash = excluded.hash',
      ),
      inserter: new EventInserter(this.db),
      live: new LiveStreamWriter(this.db),
    };
    return this.headStatementsCache;
  }
}
