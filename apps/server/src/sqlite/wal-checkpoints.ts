import { Logger } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How often the checkpoint thread looks at each file and, past THREAD_CHECKPOINT_PAGES, copies its
 * new WAL frames into the database. Looking often is cheap (a read of the -shm header); what must
 * stay rare is a complete checkpoint, because the first commit after one starts the WAL over and
 * syncs its header on the event loop (1-2 ms, up to 10 on a busy disk): checkpointing every 100 ms
 * made the read models' flush pay that nearly every time, hence the page threshold. Not much
 * longer: what the connection copies itself when its WAL passes OWN_CHECKPOINT_PAGES is what was
 * written since the thread's last pass.
 */
export const CHECKPOINT_INTERVAL_MS = 250;

/**
 * Past this many WAL pages the connection checkpoints itself after a commit, as SQLite does at
 * 1,000. The thread's PASSIVE checkpoint copies everything only if no commit lands while it runs;
 * then the next commit starts the WAL over. A file written without pauses (the feed ledger at the
 * bench's 200 commands/s, ~3,600 pages/s) never gets there, and its WAL grew to 170 MB in a 20 s
 * run. The connection's own checkpoint runs between its commits, so it always completes; it copies
 * only what the thread has not copied yet (at most one interval of writes) and the WAL starts
 * over. For that file: about once a second instead of every 0.3 s, each time a fraction of the pages.
 */
export const OWN_CHECKPOINT_PAGES = 4000;

/** SQLite's own default, put back on a connection if the checkpoint thread fails. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/**
 * The thread checkpoints a file only once its WAL holds this many pages not yet copied (as SQLite
 * would, but off the loop). Not every interval: each checkpoint that copies everything lets the
 * next commit start the WAL over, and that commit syncs the WAL header on the event loop (SQLite
 * does so at any `synchronous` but OFF). The event log, written with pauses, had its WAL start over
 * after nearly every pass: 54 such fsyncs on the loop in a 15 s bench run at 200 commands/s, more
 * than the 35 of its own checkpoints before. At 1,000 pages it starts over as often as
 * SQLite's own checkpoints let it, and the two fsyncs of each checkpoint run on the thread.
 */
export const THREAD_CHECKPOINT_PAGES = 1000;

/**
 * The checkpoint thread, as source: it runs in a worker with its own connection to each
 * registered file (the connection needs better-sqlite3, whose path the main thread resolves, so
 * this works from src/ under the test runner as well as from dist/).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const fs = require('node:fs');
const open = new Map();
const header = Buffer.alloc(100);
const littleEndian = require('node:os').endianness() === 'LE';
// Frames in the WAL not yet copied into the database, from the wal-index header in the -shm file
// (https://www.sqlite.org/walformat.html: mxFrame at byte 16, nBackfill at 96, native byte order).
// A read that races a commit is off by one commit at most: the next round reads again. If the
// file cannot be read, the checkpoint runs.
// The -shm file is opened once per registered file and closed only when it is removed: closing any
// descriptor of a file drops every POSIX lock this process holds on it, and SQLite keeps its WAL
// locks (the writer's, the readers' marks) as such locks on the -shm file. Opening and closing it
// on every round let another process take the write lock or restart the WAL while a connection
// of this one still held it: commits acknowledged to one api process vanished from the log.
const shm = new Map();
function uncopiedFrames(file) {
  try {
    let fd = shm.get(file);
    if (fd === undefined) {
      fd = fs.openSync(file + '-shm', 'r');
      shm.set(file, fd);
    }
    if (fs.readSync(fd, header, 0, 100, 0) < 100) return Infinity;
    const mxFrame = littleEndian ? header.readUInt32LE(16) : header.readUInt32BE(16);
    const backfilled = littleEndian ? header.readUInt32LE(96) : header.readUInt32BE(96);
    return mxFrame >= backfilled ? mxFrame - backfilled : Infinity;
  } catch {
    return Infinity;
  }
}
function forget(file) {
  const fd = shm.get(file);
  shm.delete(file);
  if (fd !== undefined) fs.closeSync(fd);
}
function checkpointAll() {
  for (const [file, db] of open) {
    if (uncopiedFrames(file) < workerData.minPages) continue;
    try {
      // PASSIVE: copies what no reader still needs, never waits for or blocks the writer.
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      // A lock held elsewhere for a moment: the next round tries again.
      if (error && (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED')) continue;
      parentPort.postMessage({ type: 'failed', file, message: String(error && error.message) });
      db.close();
      open.delete(file);
      forget(file);
    }
  }
}
const timer = setInterval(checkpointAll, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message.type === 'add') {
    try {
      const db = new Database(message.file, { fileMustExist: true });
      db.pragma('busy_timeout = 0');
      db.pragma('wal_autocheckpoint = 0');
      // Opens the WAL now, not at the first checkpoint past minPages: from here on the file has a
      // connection on this thread, so another one's close leaves the WAL to it (as before).
      db.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get();
      open.set(message.file, db);
    } catch (error) {
      parentPort.postMessage({ type: 'failed', file: message.file, message: String(error && error.message) });
    }
  } else if (message.type === 'remove') {
    open.get(message.file)?.close();
    open.delete(message.file);
    forget(message.file);
    parentPort.postMessage({ type: 'removed', id: message.id });
    if (open.size === 0 && message.last) {
      clearInterval(timer);
      parentPort.close();
    }
  }
});
`;

interface Registration {
  /** Puts the connection's own checkpointing back when the thread fails (if it can). */
  readonly restore: () => void;
  readonly onFailure: (message: string) => void;
}

/**
 * One worker with a connection per offloaded file. A process has one while any file is
 * offloaded; it ends with the last one (a server that stops and a new one that starts in the same
 * process, as in the tests, get a thread each).
 */
class CheckpointThread {
  /** The connections of this process offloaded per file (a test may open two on one file). */
  readonly files = new Map<string, Set<Registration>>();
  private readonly worker: Worker;
  private readonly removals = new Map<number, () => void>();
  private nextRemoval = 0;

  constructor() {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        sqlite: createRequire(__filename).resolve('better-sqlite3'),
        intervalMs: CHECKPOINT_INTERVAL_MS,
        minPages: THREAD_CHECKPOINT_PAGES,
      },
    });
    // Never what keeps a process alive: closing the databases ends it.
    this.worker.unref();
    this.worker.on('message', (message: { type: string; file?: string; id?: number; message?: string }) => {
      if (message.type === 'failed' && message.file !== undefined)
        this.fail(message.file, message.message ?? '');
      if (message.type === 'removed' && message.id !== undefined) {
        this.removals.get(message.id)?.();
        this.removals.delete(message.id);
      }
    });
    this.worker.on('error', (error) => {
      this.lost(error.message);
    });
    this.worker.on('exit', () => {
      this.lost('checkpoint thread exited');
    });
  }

  add(file: string, registration: Registration): void {
    const connections = this.files.get(file);
    if (connections !== undefined) {
      connections.add(registration);
      return;
    }
    this.files.set(file, new Set([registration]));
    this.worker.postMessage({ type: 'add', file });
  }

  /** Resolves once the thread has closed its connection to `file` (when no other one uses it). */
  remove(file: string, registration: Registration): Promise<void> {
    const connections = this.files.get(file);
    if (connections?.delete(registration) !== true || connections.size > 0) return Promise.resolve();
    this.files.delete(file);
    const id = this.nextRemoval++;
    const done = new Promise<void>((resolve) => this.removals.set(id, resolve));
    this.worker.postMessage({ type: 'remove', file, id, last: this.files.size === 0 });
    return done;
  }

  /** The connection checkpoints itself again, on the event loop: slower, but its WAL stays bounded. */
  private fail(file: string, message: string): void {
    const connections = this.files.get(file);
    if (connections === undefined) return;
    this.files.delete(file);
    for (const registration of connections) {
      registration.restore();
      registration.onFailure(message);
    }
  }

  private lost(why: string): void {
    if (thread === this) thread = undefined;
    for (const file of [...this.files.keys()]) this.fail(file, why);
    for (const resolve of this.removals.values()) resolve();
    this.removals.clear();
  }
}

let thread: CheckpointThread | undefined;

/** Ends the offloading of one file; resolves once the checkpoint thread has closed its connection. */
export interface WalCheckpointOffload {
  stop(): Promise<void>;
}

/**
 * Moves a WAL database's checkpoints off the event loop. SQLite checkpoints a WAL file
 * in the connection whose commit takes it past 1,000 pages: it copies the pages into the database
 * and fsyncs both files, inside that commit, so on the event loop. The feed ledger and frame
 * archive write about 18 pages per command, so every ~55 commands one command waited for two
 * fsyncs: 3-17 ms on a quiet disk, 90-245 ms when other processes were writing (perf trace of the
 * bench server). Here a worker thread with its own connection runs a PASSIVE checkpoint every
 * CHECKPOINT_INTERVAL_MS, which neither waits for nor blocks the writer, and the connection
 * checkpoints itself only past OWN_CHECKPOINT_PAGES. Durability is unchanged: a commit is in the
 * WAL either way, a checkpoint (with its fsyncs, in whichever thread) only copies it on. If the
 * thread fails, the connection goes back to SQLite's own 1,000 pages and `onFailure` is told why.
 */
export function offloadWalCheckpoints(
  db: Database.Database,
  onFailure: (message: string) => void = (message) => {
    new Logger('WalCheckpoints').warn(`${db.name} checkpoints itself again: ${message}`);
  },
): WalCheckpointOffload {
  db.pragma(`wal_autocheckpoint = ${String(OWN_CHECKPOINT_PAGES)}`);
  return offload(db.name, {
    restore: () => {
      if (db.open) db.pragma(`wal_autocheckpoint = ${String(SQLITE_AUTOCHECKPOINT_PAGES)}`);
    },
    onFailure,
  });
}

/**
 * The same for a file whose writing connection this process cannot reach (the event log's, inside
 * libs/event-store) and which was opened with `wal_autocheckpoint = OWN_CHECKPOINT_PAGES`
 * (`SqliteEventLog`'s `walAutocheckpointPages`). If the thread fails, that connection keeps
 * checkpointing itself past OWN_CHECKPOINT_PAGES: on the event loop again, its WAL still bounded.
 */
export function offloadWalCheckpointsOfFile(
  file: string,
  onFailure: (message: string) => void = (message) => {
    new Logger('WalCheckpoints').warn(
      `${file} checkpoints itself past ${String(OWN_CHECKPOINT_PAGES)} pages again: ${message}`,
    );
  },
): WalCheckpointOffload {
  return offload(file, { restore: () => undefined, onFailure });
}

function offload(file: string, registration: Registration): WalCheckpointOffload {
  const owner = (thread ??= new CheckpointThread());
  owner.add(file, registration);
  let stopped: Promise<void> | undefined;
  return {
    stop(): Promise<void> {
      if (stopped === undefined) {
        stopped = owner.remove(file, registration);
        if (owner.files.size === 0 && thread === owner) thread = undefined;
      }
      return stopped;
    },
  };
}
