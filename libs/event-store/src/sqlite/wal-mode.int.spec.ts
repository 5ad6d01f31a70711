import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exited, spawnTsChild } from '../testing/spawn-child';
import { useWalMode } from './wal-mode';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A file still in rollback mode, with a table: as its creator leaves it before switching. */
function rollbackFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tablecast-wal-mode-'));
  dirs.push(dir);
  const file = join(dir, 'shared.sqlite');
  const creator = new Database(file);
  creator.exec('CREATE TABLE t (x TEXT)');
  creator.close();
  return file;
}

/**
 * TC-SCALE-2: processes booting together on a fresh data directory each open the shared files and
 * switch them to WAL. The switch upgrades a read to a write, which SQLite refuses at once (no busy
 * handler) while another process holds the write lock.
 */
describe('useWalMode', () => {
  it('a process switching a file to WAL while another process holds its write lock waits for the lock, then switches it', async () => {
    const file = rollbackFile();
    const other = new Database(file);
    // The other process is creating its tables: its write lock is held until it commits.
    other.exec('BEGIN IMMEDIATE');
    other.exec('CREATE TABLE u (y TEXT)');

    const script = join(__dirname, '..', 'testing', `wal-mode-child${extname(__filename)}`);
    const { child, lines } = spawnTsChild(script, [file], join(__dirname, '..', 'testing'));
    const said: string[] = [];
    for await (const line of lines) {
      said.push(line);
      // Committed only once the child's first switch met the lock, so the lock is what it waited for.
      if (line === 'refused' && other.inTransaction) other.exec('COMMIT');
    }
    await exited(child);
    if (other.inTransaction) other.exec('ROLLBACK');
    other.close();
    expect(said[0], said.join('\n')).toBe('refused');
    expect(said.at(-1), said.join('\n')).toBe('wal');
    expect(child.exitCode).toBe(0);
  });

  it('gives up with SQLITE_BUSY once the busy timeout has passed with the lock still held', () => {
    const file = rollbackFile();
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    const db = new Database(file);
    let clock = 0;
    // Each try reads the clock twice at most; the fourth reading is past the 100 ms allowed.
    const now = (): number => (clock += 40);
    try {
      expect(() => {
        useWalMode(db, { busyTimeoutMs: 100, now });
      }).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
      expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    } finally {
      other.exec('ROLLBACK');
      other.close();
      db.close();
    }
  });

  it('sets the busy timeout, and a file already in WAL mode stays so', () => {
    const file = rollbackFile();
    const first = new Database(file);
    useWalMode(first);
    const second = new Database(file);
    useWalMode(second, { busyTimeoutMs: 2_500 });
    expect(second.pragma('busy_timeout', { simple: true })).toBe(2_500);
    expect(second.pragma('journal_mode', { simple: true })).toBe('wal');
    first.close();
    second.close();
  });
});
