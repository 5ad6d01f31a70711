import { resumePointOf, type Audience, type DisclosureEntry, type DisclosureLog } from '@tablecast/broadcast';
import type { FeedFrameArchive } from './feed-frame-archive';
import { BUSY_TIMEOUT_MS, SqliteLeaseStore, useWalMode } from '@tablecast/event-store';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { offloadWalCheckpoints, type WalCheckpointOffload } from '../sqlite/wal-checkpoints';
import { createLedgerTables } from './disclosure-schema';

export const DISCLOSURES_FILE_NAME = 'disclosures.sqlite';

/** Frames kept per (match, audience) for resumes across a restart; older ones are pruned. */
export const ARCHIVED_FRAMES = 4_096;
/** Prune once every this many frames of a (match, audience), not on every insert. */
const PRUNE_EVERY = 256;

/** One audience's highest seq and event revision in the ledger (null: only status frames). */
interface ResumeRow {
  readonly audience: Audience;
  readonly seq: number;
  readonly revision: number | null;
}

/** A match's row in `ledger_matches`: the highest event revision released to the broadcast (-1: none). */
interface BroadcastMarkRow {
  readonly match_id: string;
  readonly broadcast_revision: number;
}

interface FrameRow {
  seq: number;
  payload: Buffer;
}

/** A frame as archived, with where it belongs. */
export interface ArchivedFrame {
  readonly matchId: string;
  readonly audience: Audience;
  readonly seq: number;
  readonly payload: Buffer;
}

interface DisclosureRow {
  audience: Audience;
  seq: number;
  event_type: string | null;
  revision: number | null;
  position: string | null;
  recorded_at: string | null;
  released_at: number;
  view_revision: number;
  status: 'live' | 'delayBuilding';
}

/**
 * The disclosure ledger on disk, in its own SQLite file in the data dir. Unlike the read models it
 * is not disposable: the release times are facts about the broadcast, not something a replay of
 * the log could recompute, and the arbitration committee reads them after any restart. It is also
 * what keeps feed seqs stable across restarts (`resumePointOf`). Each frame is written before it
 * is published (WAL, synchronous NORMAL: a process crash loses nothing written).
 */
export class DisclosureStore implements FeedFrameArchive {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;
  private readonly insertFrame: Database.Statement<[string, string, number, Buffer]>;
  private readonly pruneFrames: Database.Statement<[string, string, number]>;
  private readonly framesInRange: Database.Statement<[string, string, number, number], FrameRow>;
  private readonly byMatch: Database.Statement<[string], DisclosureRow>;
  private readonly byAudience: Database.Statement<[string, string], DisclosureRow>;
  private readonly resumeRows: Database.Statement<[string], ResumeRow>;
  private readonly broadcastMarkRows: Database.Statement<[], BroadcastMarkRow>;
  private readonly markPublishedRow: Database.Statement<[string, string, number]>;
  private readonly unpublished: Database.Statement<[], ArchivedFrame>;
  /** Set by fenceWith: checked at the start of every transaction, which then takes the write lock at once. */
  private fence: (() => void) | undefined;
  /**
   * The ledger writes about 18 WAL pages per command (frames of every audience), the most of the
   * server's three files: its checkpoints' fsyncs were the longest stalls of a command.
   */
  private readonly checkpoints: WalCheckpointOffload;

  /**
   * `dataDir`: the data dir for the one `all` process; the shared log dir for the feeds role.
   * `access` readOnly (the api role, TC-SCALE-2): this process only reads the ledger the feeds role
   * writes, on a connection SQLite itself keeps from writing; the file and its tables are made
   * first if no feeds process has yet.
   */
  constructor(dataDir: string, access: 'readWrite' | 'readOnly' = 'readWrite') {
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, DISCLOSURES_FILE_NAME);
    if (access === 'readOnly') {
      // Made first if missing, on a connection of its own: every time, since another process may
      // have just created the file and not its tables yet (its lock is waited for, then a no-op).
      const init = new Database(file);
      try {
        useWalMode(init);
        createLedgerTables(init);
      } finally {
        init.close();
      }
      this.db = new Database(file, { readonly: true });
      this.db.pragma(`busy_timeout = ${String(BUSY_TIMEOUT_MS)}`);
    } else {
      this.db = new Database(file);
      useWalMode(this.db);
      this.db.pragma('synchronous = NORMAL');
      // The statement journal of each savepoint in a turn's group (inGroup) stays in memory: on
      // disk, a release tick's savepoint, which rewrites pages the turn's events already dirtied,
      // spilled past SQLite's 64 KiB to a temporary file, a write for every page it kept.
      this.db.pragma('temp_store = MEMORY');
      createLedgerTables(this.db);
    }
    // feed_frames is a rowid table (its key a separate index): a 2-4 KB frame fits a rowid leaf,
    // but a WITHOUT ROWID row keeps at most ~1 KB in its leaf and spills the rest to an overflow
    // page, which made each insert about twice the CPU and WAL bytes. A data dir made before
    // keeps its WITHOUT ROWID table; the statements below work on either.
    this.insertFrame = this.db.prepare(
      'INSERT OR REPLACE INTO feed_frames (match_id, audience, seq, payload) VALUES (?, ?, ?, ?)',
    );
    this.pruneFrames = this.db.prepare(
      'DELETE FROM feed_frames WHERE match_id = ? AND audience = ? AND seq <= ?',
    );
    this.framesInRange = this.db.prepare(
      'SELECT seq, payload FROM feed_frames WHERE match_id = ? AND audience = ? AND seq BETWEEN ? AND ? ORDER BY seq',
    );
    const columns =
      'audience, seq, event_type, revision, position, recorded_at, released_at, view_revision, status';
    this.insert = this.db.prepare(
      `INSERT INTO disclosures (match_id, ${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // Ordered by release, then audience and seq: the committee reads one timeline of the match.
    this.byMatch = this.db.prepare(
      `SELECT ${columns} FROM disclosures WHERE match_id = ? ORDER BY released_at, audience, seq`,
    );
    this.byAudience = this.db.prepare(
      `SELECT ${columns} FROM disclosures WHERE match_id = ? AND audience = ? ORDER BY seq`,
    );
    // Per audience, the highest seq and event revision (max skips a status frame's null): the
    // primary key's prefix (match_id, audience) serves it without reading the match's other rows.
    this.resumeRows = this.db.prepare(
      'SELECT audience, max(seq) AS seq, max(revision) AS revision FROM disclosures WHERE match_id = ? GROUP BY audience',
    );
    // One row per match the ledger holds frames of, kept by the trigger on every insert.
    this.broadcastMarkRows = this.db.prepare('SELECT match_id, broadcast_revision FROM ledger_matches');
    this.markPublishedRow = this.db.prepare(
      `INSERT INTO feed_published (match_id, audience, seq) VALUES (?, ?, ?)
       ON CONFLICT (match_id, audience) DO UPDATE SET seq = max(seq, excluded.seq)`,
    );
    this.unpublished = this.db.prepare(
      `SELECT f.match_id AS matchId, f.audience AS audience, f.seq AS seq, f.payload AS payload
       FROM feed_frames f LEFT JOIN feed_published p ON p.match_id = f.match_id AND p.audience = f.audience
       WHERE f.seq > coalesce(p.seq, 0) ORDER BY f.match_id, f.audience, f.seq`,
    );
    this.inTransaction = this.db.transaction((work: () => void) => {
      this.fence?.();
      work();
    });
    // A read-only connection never checkpoints: the writer's thread does.
    this.checkpoints =
      access === 'readOnly' ? { stop: () => Promise.resolve() } : offloadWalCheckpoints(this.db);
  }

  /**
   * TC-SCALE-1: makes every later write conditional on `check` (it throws when this process no
   * longer holds the feed lease). Each transaction then begins IMMEDIATE, taking the file's write
   * lock before the check, so no other process can take the lease between the check and the
   * commit, and a refused check writes nothing.
   */
  fenceWith(check: () => void): void {
    this.fence = check;
  }

  /**
   * The leases of the processes sharing this file, on this connection: the fence's check then
   * reads the lease row inside the ledger's own transaction, and a renewal never waits for the
   * write lock this connection holds itself.
   */
  leaseStore(now?: () => number): SqliteLeaseStore {
    return new SqliteLeaseStore({ database: this.db, ...(now === undefined ? {} : { now }) });
  }

  /** The bus acknowledged every frame of (match, audience) up to `seq` (never lowers the mark). */
  markPublished(matchId: string, audience: Audience, seq: number): void {
    this.markPublishedRow.run(matchId, audience, seq);
  }

  /**
   * Every archived frame counts as delivered: a former process published to its own in-process
   * bus, which ended with it, so there is nobody to send those frames again to. The feeds thread's
   * first start in a process sets this mark, so a thread restarted later sends again only what it
   * may have lost itself, not every frame ever archived.
   */
  markAllPublished(): void {
    this.commitGroup();
    this.db.exec(
      `INSERT INTO feed_published (match_id, audience, seq)
       SELECT match_id, audience, max(seq) FROM feed_frames WHERE true GROUP BY match_id, audience
       ON CONFLICT (match_id, audience) DO UPDATE SET seq = max(seq, excluded.seq)`,
    );
  }

  /**
   * Archived frames the bus never acknowledged, oldest first per (match, audience): what a process
   * that died between the ledger's commit and the bus's answer may not have delivered. A feeds
   * process sends them again before anything new (gateways drop the seqs they already have).
   */
  unpublishedFrames(): ArchivedFrame[] {
    this.commitGroup();
    return this.unpublished.all();
  }

  /** The ledger of one match, as the pure MatchFeed records into it. */
  forMatch(matchId: string): DisclosureLog {
    return {
      record: (entry) => {
        this.record(matchId, entry);
      },
      list: (audience) => this.list(matchId, audience),
      resumePoint: () => resumePointOf(this.resumeRows.all(matchId)),
    };
  }

  /**
   * Every match the ledger holds frames of (any audience), each with the highest event revision
   * released to the broadcast audience (-1: none yet): one read of `ledger_matches`, one row per
   * match however long its ledger is. The feed producer's boot tells every finished match's
   * "settled" from it at once (TC-FEED-2); per match it equals `resumePoint().revisions.broadcast`
   * of a ledger that holds a frame (seqs start at 1), and a match it leaves out has no frame here.
   */
  broadcastMarks(): Map<string, number> {
    const marks = new Map<string, number>();
    for (const row of this.broadcastMarkRows.all()) marks.set(row.match_id, row.broadcast_revision);
    return marks;
  }

  record(matchId: string, e: DisclosureEntry): void {
    this.insert.run(
      matchId,
      e.audience,
      e.seq,
      e.eventType,
      e.revision,
      e.position,
      e.recordedAt,
      e.releasedAt,
      e.viewRevision,
      e.status,
    );
    this.commitBatchEvery();
  }

  private commitBatchEvery(): void {
    if (this.batch !== null && ++this.batch.rows % this.batch.every === 0) {
      this.db.exec('COMMIT');
      this.begin();
    }
  }

  /** A batch's transaction: IMMEDIATE and checked when fenced (see fenceWith). */
  private begin(): void {
    if (this.fence === undefined) {
      this.db.exec('BEGIN');
      return;
    }
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.fence();
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /**
   * The bytes of a frame as published, so a client that was behind when the server restarted gets
   * the very frames it missed (the gateway's in-memory window starts empty after a restart).
   * Written with the ledger entry, before the frame is published.
   */
  recordFrame(matchId: string, audience: Audience, seq: number, payload: Buffer): void {
    this.insertFrame.run(matchId, audience, seq, payload);
    if (seq % PRUNE_EVERY === 0) this.pruneFrames.run(matchId, audience, seq - ARCHIVED_FRAMES);
    this.commitBatchEvery();
  }

  /** Frames `fromSeq..toSeq` as published, or null unless every one of them is still kept. */
  framesBetween(matchId: string, audience: Audience, fromSeq: number, toSeq: number): Buffer[] | null {
    if (toSeq < fromSeq) return [];
    // A frame of the open group is not committed yet (nor sent): it is no one's to read.
    this.commitGroup();
    const rows = this.framesInRange.all(matchId, audience, fromSeq, toSeq);
    return rows.length === toSeq - fromSeq + 1 && rows[0]?.seq === fromSeq
      ? rows.map((r) => r.payload)
      : null;
  }

  list(matchId: string, audience?: Audience): DisclosureEntry[] {
    this.commitGroup();
    const rows = audience === undefined ? this.byMatch.all(matchId) : this.byAudience.all(matchId, audience);
    return rows.map((row) => ({
      audience: row.audience,
      seq: row.seq,
      eventType: row.event_type,
      revision: row.revision,
      position: row.position,
      recordedAt: row.recorded_at,
      releasedAt: row.released_at,
      viewRevision: row.view_revision,
      status: row.status,
    }));
  }

  /**
   * Runs `work` with the ledger's writes grouped into transactions of `every` rows: a first boot
   * over a long log (no ledger yet) writes four rows per event, which one commit each would slow
   * to a crawl. Only the producer writes here, so a transaction may span its awaits. Used for the
   * boot catch-up only: the server is not listening yet, so no in-process client can see a frame
   * whose row a crash would lose (with Kafka, a remote gateway could; the window is one batch).
   */
  async batched<T>(work: () => Promise<T>, every = 10_000): Promise<T> {
    this.commitGroup();
    this.batch = { every, rows: 0 };
    try {
      // Inside the try: a fenced begin that throws leaves no batch behind for later writes.
      this.begin();
      return await work();
    } finally {
      this.batch = null;
      if (this.db.inTransaction) this.db.exec('COMMIT');
    }
  }

  private batch: { readonly every: number; rows: number } | null = null;

  /**
   * Runs `work` in one transaction (a live event writes several ledger rows and frames: one commit
   * for all of them); a throw rolls all of it back. Inside the boot catch-up's batch it just runs as part of it.
   */
  atomically(work: () => void): void {
    // The catch-up batch commits every N rows itself; a savepoint around those commits would break.
    if (this.batch !== null) {
      work();
      return;
    }
    // Committed on return, so the turn's group (whose rows come first) is committed before it.
    this.commitGroup();
    if (this.fence === undefined) this.inTransaction(work);
    else this.inTransaction.immediate(work);
  }

  /**
   * Runs `work` as part of this turn's group: every live event the producer handles in one turn
   * of the event loop is written in one transaction, committed when the turn ends (a commit per
   * event was a fifth of the server's CPU per command under load). A throw in `work` rolls back
   * its own writes only (a savepoint) and is thrown here. `committed` runs once the group's
   * commit is done, with its error if it failed: only then may the frames go out, so no client
   * sees a frame whose ledger row a crash could still lose. Fenced (fenceWith): the group holds
   * the write lock from its start and each event's writes are checked, so a holder that lost
   * the lease writes nothing more. Inside the boot catch-up's batch it runs as part of that.
   */
  inGroup(work: () => void, committed: (error: Error | undefined) => void): void {
    if (this.batch !== null) {
      work();
      committed(undefined);
      return;
    }
    if (this.group === null) {
      // IMMEDIATE: the write lock from the start, so no other connection's commit can make this
      // transaction's first write fail as busy halfway through the turn.
      this.db.exec('BEGIN IMMEDIATE');
      this.group = [];
      setImmediate(() => {
        this.commitGroup();
      });
    }
    this.inGroupWork = true;
    try {
      this.inTransaction(work);
    } finally {
      this.inGroupWork = false;
    }
    this.group.push(committed);
  }

  /**
   * Ends the open group, if any: commits it (or rolls it back if the commit fails) and says so.
   * Not from inside an event's own work: the producer reading its own ledger mid-event (a feed's
   * resume point) sees its uncommitted rows, as in any transaction, and the group goes on. A
   * producer that stops calls it: the group holds the file's write lock until it ends.
   */
  commitGroup(): void {
    const group = this.group;
    if (group === null || this.inGroupWork) return;
    this.group = null;
    let failure: Error | undefined;
    try {
      this.db.exec('COMMIT');
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
    }
    for (const committed of group) committed(failure);
  }

  /** The open group's callbacks, one per event, until the turn ends (see inGroup). */
  private group: ((error: Error | undefined) => void)[] | null = null;
  /** True while an event's work runs inside the group (its savepoint is open). */
  private inGroupWork = false;

  /**
   * better-sqlite3 commits, or rolls back on a throw. Made once: `db.transaction(fn)` builds a new
   * wrapper with its own properties on every call, which cost ~1.5 % of the server's CPU per command
   * when each live event made one.
   */
  private readonly inTransaction: Database.Transaction<(work: () => void) => void>;

  close(): void {
    this.commitGroup();
    void this.checkpoints.stop();
    this.db.close();
  }
}
