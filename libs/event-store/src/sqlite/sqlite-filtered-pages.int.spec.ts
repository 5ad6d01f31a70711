import type { Database } from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { numberedPass } from '../contract/fixtures';
import type { StoredEvent, UnsealedEvent } from '../port';
import { NEAR_HEAD_ROWS, type ReadStatements } from './read-statements';
import { SqliteEventLog } from './sqlite-event-log';

const passes = (from: number, count: number): UnsealedEvent[] =>
  Array.from({ length: count }, (_, n) => numberedPass(from + n, 'filtered'));

let dataDir: string;
let log: SqliteEventLog;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-filtered-'));
  log = new SqliteEventLog({ dataDir, crossProcessPollMs: 60_000 });
});

afterEach(async () => {
  await log.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** How long a test waits for the subscriber to receive what it expects. */
const WAIT = { timeout: 5_000, interval: 5 };

/** The connection's prepared file reads and its database (private: what this test is about). */
const fileReads = (of: SqliteEventLog): ReadStatements & { db: Database; filtered: Map<string, unknown> } =>
  (of as unknown as { reads: ReadStatements & { db: Database; filtered: Map<string, unknown> } }).reads;

/** How SQLite answers the filtered page read just now (the statement prepared last). */
function planOfLastFilteredRead(after: number, prefix: string): string {
  const reads = fileReads(log);
  const sql = [...reads.filtered.keys()].at(-1) ?? '';
  return reads.db
    .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
    .all(after, prefix, prefix, 500)
    .map((row) => row.detail)
    .join('; ');
}

/** `count` events over `streams` streams named `match-<n>`, appended round robin in batches of 10. */
async function appendMatches(streams: number, count: number): Promise<void> {
  const next = new Map<number, number>();
  for (let n = 0; n < count; n += 10) {
    const stream = (n / 10) % streams;
    const revision = next.get(stream) ?? -1;
    const batch = passes(n, Math.min(10, count - n));
    await log.append(`match-${String(stream)}`, batch, revision < 0 ? 'no_stream' : revision);
    next.set(stream, revision + batch.length);
  }
}

describe('a stream-filtered page read', () => {
  it('reads the rows after a subscriber near the head in position order, not every row of the matching streams', async () => {
    await appendMatches(8, 400);
    const page = log.readPageAfter(395, { streamPrefixes: ['match-'] }, 500);
    expect(page.map((e) => Number(e.position.commit))).toEqual([396, 397, 398, 399, 400]);
    const plan = planOfLastFilteredRead(395, 'match-');
    expect(plan).toContain('USING INTEGER PRIMARY KEY (rowid>?)');
    expect(plan).not.toContain('sqlite_autoindex_events_1');
  });

  it('finds the rows of a small stream through the stream index for a subscriber far behind', async () => {
    await log.append('tournament-t', passes(0, 2), 'no_stream');
    await appendMatches(4, NEAR_HEAD_ROWS + 100);
    await log.append('tournament-t', passes(2, 1), 1);
    const page = log.readPageAfter(2, { streamPrefixes: ['tournament-'] }, 500);
    expect(page.map((e) => [e.stream, e.revision])).toEqual([['tournament-t', 2]]);
    expect(planOfLastFilteredRead(2, 'tournament-')).toContain('sqlite_autoindex_events_1');
  });

  it('reads in position order for a subscriber far behind on streams holding many rows (every match, a first boot)', async () => {
    await log.append('tournament-t', passes(0, 2), 'no_stream');
    await appendMatches(4, NEAR_HEAD_ROWS + 100);
    const page = log.readPageAfter(2, { streamPrefixes: ['match-'] }, 500);
    expect(page).toHaveLength(500);
    expect(page.map((e) => Number(e.position.commit))).toEqual(Array.from({ length: 500 }, (_, n) => n + 3));
    const plan = planOfLastFilteredRead(2, 'match-');
    expect(plan).toContain('USING INTEGER PRIMARY KEY (rowid>?)');
    expect(plan).not.toContain('sqlite_autoindex_events_1');
    // The next pages go on from the last row read, in order, with nothing left out.
    let after = Number(page.at(-1)?.position.commit);
    let read = page.length;
    for (;;) {
      const next = log.readPageAfter(after, { streamPrefixes: ['match-'] }, 500);
      if (next.length === 0) break;
      expect(Number(next[0]?.position.commit)).toBe(after + 1);
      after = Number(next.at(-1)?.position.commit);
      read += next.length;
    }
    expect(read).toBe(NEAR_HEAD_ROWS + 100);
  });
});

describe('a stream-filtered subscriber that keeps up', () => {
  it('gets the appended events it matches from the rows just committed, and reads the file past a row of another connection', async () => {
    const other = new SqliteEventLog({ dataDir, crossProcessPollMs: 60_000 });
    try {
      const reads = vi.spyOn(fileReads(log), 'pageAfter');
      const subscription = log.subscribeToAll({ filter: { streamPrefixes: ['match-'] } });
      const received: StoredEvent[] = [];
      const consuming = (async () => {
        for await (const event of subscription) received.push(event);
      })();
      // Its first read (of the empty log) was the file's.
      expect(reads).toHaveBeenCalledTimes(1);
      await log.append('match-a', passes(0, 2), 'no_stream');
      await log.append('tournament-t', passes(2, 3), 'no_stream');
      await log.append('match-b', passes(5, 1), 'no_stream');
      await vi.waitFor(() => {
        expect(received.map((e) => [e.stream, e.revision])).toEqual([
          ['match-a', 0],
          ['match-a', 1],
          ['match-b', 0],
        ]);
      }, WAIT);
      expect(reads).toHaveBeenCalledTimes(1);

      // A row another connection committed is not among this connection's rows: the file has it.
      await other.append('match-c', passes(6, 1), 'no_stream');
      await log.append('match-d', passes(7, 1), 'no_stream');
      await vi.waitFor(() => {
        expect(received.map((e) => e.stream)).toEqual([
          'match-a',
          'match-a',
          'match-b',
          'match-c',
          'match-d',
        ]);
      }, WAIT);
      expect(reads).toHaveBeenCalledTimes(2);
      expect(received.map((e) => Number(e.position.commit))).toEqual([1, 2, 6, 7, 8]);
      expect(received.map((e) => e.data)).toEqual(
        (await log.readStream('match-a'))
          .concat(
            await log.readStream('match-b'),
            await log.readStream('match-c'),
            await log.readStream('match-d'),
          )
          .map((e) => e.data),
      );
      await subscription.close();
      await consuming;
    } finally {
      await other.close();
    }
  });
});
