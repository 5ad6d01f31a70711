import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UnsealedEvent } from '../port';
import { numberedProbe } from '../testing/numbered-probe';
import { SqliteEventLog } from './sqlite-event-log';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-autocheckpoint-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** One event of about a page, so a batch of 50 adds some 50+ WAL pages. */
const bulky = (n: number): UnsealedEvent => numberedProbe(n, { n, filler: 'x'.repeat(3500) });

async function appendPages(log: SqliteEventLog, batches: number): Promise<void> {
  for (let b = 0; b < batches; b += 1) {
    const events = Array.from({ length: 50 }, (_, i) => bulky(b * 50 + i));
    await log.append('match-wal', events, 'any');
  }
}

const walPages = (log: SqliteEventLog): number => statSync(`${log.file}-wal`).size / 4096;

describe('SqliteEventLog walAutocheckpointPages (checkpoints left to another thread)', () => {
  it('by default the write connection checkpoints at SQLite 1,000 pages: the WAL stays near that', async () => {
    const log = new SqliteEventLog({ dataDir });
    expect(log.database.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await appendPages(log, 60);
    expect(walPages(log)).toBeLessThan(1200);
    await log.close();
  });

  it('with a higher limit the commits leave the WAL to grow up to it, and every event stays readable', async () => {
    const log = new SqliteEventLog({ dataDir, walAutocheckpointPages: 4000 });
    expect(log.database.pragma('wal_autocheckpoint', { simple: true })).toBe(4000);
    await appendPages(log, 60);
    const pages = walPages(log);
    expect(pages).toBeGreaterThan(2000);
    expect(pages).toBeLessThan(4200);
    const reader = new SqliteEventLog({ dataDir, readOnly: true });
    expect((await reader.readStream('match-wal')).length).toBe(3000);
    await reader.close();
    await log.close();
  });

  it('a read-only open does not change the setting of the file or fail on the option', async () => {
    const writer = new SqliteEventLog({ dataDir });
    await appendPages(writer, 1);
    const reader = new SqliteEventLog({ dataDir, readOnly: true, walAutocheckpointPages: 0 });
    expect((await reader.readStream('match-wal')).length).toBe(50);
    await reader.close();
    await writer.close();
  });
});
