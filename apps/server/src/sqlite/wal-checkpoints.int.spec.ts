import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHECKPOINT_INTERVAL_MS,
  OWN_CHECKPOINT_PAGES,
  THREAD_CHECKPOINT_PAGES,
  offloadWalCheckpoints,
} from './wal-checkpoints';
import { uncopiedWalFrames } from './testing/wal-index';

const PAGE = 4096;
const dirs: string[] = [];

function walDb(): Database.Database {
  const dir = mkdtempSync(join(tmpdir(), 'tablecast-wal-'));
  dirs.push(dir);
  const db = new Database(join(dir, 'test.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE blobs (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)');
  return db;
}

/** Commits `pages` pages of new rows, one row per page. */
function write(db: Database.Database, pages: number): void {
  const insert = db.prepare('INSERT INTO blobs (payload) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < pages; i += 1) insert.run(Buffer.alloc(PAGE - 200, i % 251));
  })();
}

const walPages = (db: Database.Database): number => statSync(`${db.name}-wal`).size / PAGE;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for the checkpoint thread itself: until it has copied every frame of the WAL. */
const copiedByThread = (db: Database.Database): Promise<void> =>
  vi.waitFor(
    () => {
      expect(uncopiedWalFrames(db.name)).toBe(0);
    },
    { timeout: 10_000, interval: 20 },
  );

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('offloadWalCheckpoints (no checkpoint fsync on the event loop)', () => {
  it('the writing connection checkpoints itself only past OWN_CHECKPOINT_PAGES, not at 1,000', () => {
    const db = walDb();
    const offload = offloadWalCheckpoints(db);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(OWN_CHECKPOINT_PAGES);
    void offload.stop();
    // Nothing else checkpoints now: past SQLite's 1,000 pages the WAL keeps growing, which is
    // what the checkpoint thread is for (the next test).
    write(db, 1500);
    expect(walPages(db)).toBeGreaterThan(1500);
    db.close();
  });

  it('written without pauses, the WAL still starts over once past OWN_CHECKPOINT_PAGES', async () => {
    const db = walDb();
    const offload = offloadWalCheckpoints(db);
    // Commits of 20 pages every 5 ms (~4,000 pages/s, the feed ledger's rate in the bench), 1.5
    // times the limit in all, over several intervals: the thread's checkpoints never find a pause,
    // and the connection's own one past the limit lets the WAL start over (the file keeps its
    // size; the frames in use start again from its beginning). Counted in pages, not timed: on a
    // loaded machine a fixed time wrote too few pages to pass the limit.
    const started = Date.now();
    let written = 0;
    while (written < OWN_CHECKPOINT_PAGES * 1.5) {
      write(db, 20);
      written += 20;
      await sleep(5);
    }
    expect(Date.now() - started).toBeGreaterThan(CHECKPOINT_INTERVAL_MS * 4);
    // A little past the limit: an own checkpoint that meets the thread's running one is skipped
    // (SQLITE_BUSY) and a later commit tries again.
    expect(walPages(db)).toBeLessThan(OWN_CHECKPOINT_PAGES * 1.25);
    await offload.stop();
    db.close();
  });

  it('the checkpoint thread copies the WAL into the database, so later writes reuse a short WAL', async () => {
    const db = walDb();
    const offload = offloadWalCheckpoints(db);
    let largestWal = 0;
    // 3,000 pages in bursts of 500: once THREAD_CHECKPOINT_PAGES are in the WAL (every second
    // burst) the thread checkpoints them, and the next commit starts the WAL over from its
    // beginning. The next burst waits for that checkpoint, not for a pause that a loaded machine
    // may not give the thread time enough in.
    for (let burst = 0; burst < 6; burst += 1) {
      write(db, 500);
      largestWal = Math.max(largestWal, walPages(db));
      if (uncopiedWalFrames(db.name) >= THREAD_CHECKPOINT_PAGES) await copiedByThread(db);
    }
    // The database file holds the rows (the checkpoints copied them there), the WAL stayed short
    // (without the thread it would hold all 3,000 pages).
    expect(statSync(db.name).size / PAGE).toBeGreaterThan(2500);
    expect(largestWal).toBeLessThan(THREAD_CHECKPOINT_PAGES + 200);
    expect(db.prepare('SELECT count(*) AS n FROM blobs').get()).toEqual({ n: 3000 });
    await offload.stop();
    db.close();
  });

  it('the thread leaves a WAL under THREAD_CHECKPOINT_PAGES alone, so small commits do not start it over each pass', async () => {
    const db = walDb();
    const offload = offloadWalCheckpoints(db);
    // 20 pages a pass, with a pause of more than an interval after each: before, every pass was
    // checkpointed and the next commit started the WAL over, syncing its header on the event loop.
    for (let pass = 0; pass < 8; pass += 1) {
      write(db, 20);
      await sleep(CHECKPOINT_INTERVAL_MS * 1.5);
    }
    // Nothing was copied: the rows are all still in the WAL (which never started over).
    expect(walPages(db)).toBeGreaterThan(160);
    expect(statSync(db.name).size / PAGE).toBeLessThan(10);
    // Past the threshold the thread copies them.
    write(db, THREAD_CHECKPOINT_PAGES);
    await copiedByThread(db);
    expect(statSync(db.name).size / PAGE).toBeGreaterThan(THREAD_CHECKPOINT_PAGES);
    await offload.stop();
    db.close();
  });

  it('stop resolves once the thread has closed its connection: the last close then removes the WAL', async () => {
    const db = walDb();
    const offload = offloadWalCheckpoints(db);
    write(db, 10);
    await sleep(CHECKPOINT_INTERVAL_MS * 1.5);
    await offload.stop();
    db.close();
    expect(existsSync(`${db.name}-wal`)).toBe(false);
  });

  it('a file the thread cannot open is checkpointed on the connection again, and the failure is told', async () => {
    // A file whose directory is gone (the connection open before stays usable) cannot be opened again.
    const db = walDb();
    rmSync(dirs[dirs.length - 1] ?? '', { recursive: true, force: true });
    const failure = new Promise<string>((resolve) => {
      offloadWalCheckpoints(db, resolve);
    });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(OWN_CHECKPOINT_PAGES);
    expect(await failure).not.toBe('');
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    db.close();
  });

  it('two connections on one file share the thread: it lets go once both have stopped', async () => {
    const db = walDb();
    const other = new Database(db.name);
    const first = offloadWalCheckpoints(db);
    const second = offloadWalCheckpoints(other);
    write(db, 10);
    await first.stop();
    other.close();
    await sleep(CHECKPOINT_INTERVAL_MS * 1.5);
    // The thread still has the file open: the last close of this one leaves the WAL behind.
    db.close();
    expect(existsSync(`${db.name}-wal`)).toBe(true);
    await second.stop();
    // Its own connection was the last one; closing it checkpointed and removed the WAL.
    expect(existsSync(`${db.name}-wal`)).toBe(false);
  });
});
