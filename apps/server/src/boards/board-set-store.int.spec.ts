import { exited, spawnTsChild } from '@tablecast/event-store/testing';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BOARD_SETS_FILE_NAME } from './board-set-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * TC-SCALE-2: api processes booting together open one boards.sqlite. A file from before round
 * seeds (TRN-MP-1) lacks a column each of them adds; the one that adds it second must see it there,
 * not fail the boot with "duplicate column name".
 */
describe('boards.sqlite opened by two processes at once', () => {
  it('a process whose schema step is under way while another adds the missing column opens the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tablecast-boards-shared-'));
    dirs.push(dir);
    const other = new Database(join(dir, BOARD_SETS_FILE_NAME));
    other.pragma('journal_mode = WAL');
    // The file as a server before round seeds left it (board_tables already timed).
    other.exec(`
      CREATE TABLE boards (
        board_id TEXT PRIMARY KEY, set_id TEXT NOT NULL, game TEXT NOT NULL, number INTEGER NOT NULL,
        seed TEXT NOT NULL, salt TEXT NOT NULL, commitment TEXT NOT NULL, closed_at INTEGER
      );
      CREATE TABLE board_tables (
        board_id TEXT NOT NULL, match_id TEXT NOT NULL, table_id TEXT NOT NULL, dealt_order INTEGER NOT NULL,
        dealt_at INTEGER, PRIMARY KEY (board_id, match_id)
      );
      CREATE INDEX boards_by_set ON boards (set_id, number);
      CREATE INDEX board_tables_by_match ON board_tables (match_id);
      CREATE TABLE board_sets (set_id TEXT PRIMARY KEY, declared_tables TEXT NOT NULL);
    `);
    // The other process is adding the column: its write lock is held until it commits.
    other.exec('BEGIN IMMEDIATE');
    other.exec('ALTER TABLE board_sets ADD COLUMN seed TEXT');

    const { child, lines } = spawnTsChild(
      join(__dirname, 'testing', 'open-board-sets-child.ts'),
      [dir],
      __dirname,
    );
    const said: string[] = [];
    let committed = false;
    const commit = (): void => {
      if (committed) return;
      committed = true;
      other.exec('COMMIT');
    };
    let fallback: NodeJS.Timeout | undefined;
    for await (const line of lines) {
      said.push(line);
      // Read before the commit, the columns lack `seed`, and an unguarded process adds it again.
      if (line === 'columns read') commit();
      // A process that asks for the write lock first reads no column until the other commits: it
      // is given a moment to be waiting on the lock, then the other commits.
      if (line === 'schema step') fallback = setTimeout(commit, 2_000);
    }
    clearTimeout(fallback);
    await exited(child);
    other.close();
    expect(said.at(-1), said.join('\n')).toBe('opened');
    expect(child.exitCode).toBe(0);
  });
});
