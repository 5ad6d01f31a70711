import { SqliteEventLog, verifyAll, type StoredEvent } from '@tablecast/event-store';
import { pageProbe as probe } from '@tablecast/event-store/testing';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHECKPOINT_INTERVAL_MS,
  OWN_CHECKPOINT_PAGES,
  THREAD_CHECKPOINT_PAGES,
} from '../sqlite/wal-checkpoints';
import { openEmbeddedEventStoreAsServed } from './open-event-store';

const PAGE = 4096;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('the embedded store opened as the server runs it (#4 bench, #5 checkpoint thread)', () => {
  it('commits checkpoint only past OWN_CHECKPOINT_PAGES and the thread copies the WAL back in between', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-served-store-'));
    dirs.push(dataDir);
    const { store, checkpoints } = openEmbeddedEventStoreAsServed(dataDir);
    expect(checkpoints).toBeDefined();
    const log = store.log;
    if (!(log instanceof SqliteEventLog)) throw new Error('the embedded store is not on SQLite');
    expect(log.database.pragma('wal_autocheckpoint', { simple: true })).toBe(OWN_CHECKPOINT_PAGES);
    // 1,500 pages: past the thread's threshold, well under the connection's own. Only the thread
    // can have copied them into the database file by the time the pause is over.
    const total = THREAD_CHECKPOINT_PAGES + 500;
    for (let n = 0; n < total; n += 100) {
      await log.append(
        'match-served',
        Array.from({ length: 100 }, (_, i) => probe(n + i)),
        'any',
      );
    }
    await sleep(CHECKPOINT_INTERVAL_MS * 4);
    expect(statSync(log.file).size / PAGE).toBeGreaterThan(THREAD_CHECKPOINT_PAGES);
    const events: StoredEvent[] = [];
    for await (const event of log.readAll()) events.push(event);
    expect(events).toHaveLength(total);
    expect(verifyAll(events)).toMatchObject({ ok: true });
    await checkpoints?.stop();
    await store.close();
    expect(existsSync(`${log.file}-wal`)).toBe(false);
  });
});
