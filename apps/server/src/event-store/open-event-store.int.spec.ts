import { SqliteEventLog, verifyAll, type StoredEvent } from '@tablecast/event-store';
import { pageProbe as probe } from '@tablecast/event-store/testing';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OWN_CHECKPOINT_PAGES, THREAD_CHECKPOINT_PAGES } from '../sqlite/wal-checkpoints';
import { openEmbeddedEventStoreAsServed } from './open-event-store';

const PAGE = 4096;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded store opened as the server runs it (the store bench, the checkpoint thread)', () => {
  it('commits checkpoint only past OWN_CHECKPOINT_PAGES and the thread copies the WAL back in between', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-served-store-'));
    dirs.push(dataDir);
    const { store, checkpoints } = openEmbeddedEventStoreAsServed(dataDir);
    expect(checkpoints).toBeDefined();
    const log = store.log;
    if (!(log instanceof SqliteEventLog)) throw new Error('the embedded store is not on SQLite');
    expect(log.database.pragma('wal_autocheckpoint', { simple: true })).toBe(OWN_CHECKPOINT_PAGES);
    // 1,500 pages: past the thread's threshold, well under the connection's own. Only the thread
    // can copy them into the database file: waited for, however long a loaded machine takes.
    const total = THREAD_CHECKPOINT_PAGES + 500;
    for (let n = 0; n < total; n += 100) {
      await log.append(
        'match-served',
        Array.from({ length: 100 }, (_, i) => probe(n + i)),
        'any',
      );
    }
    await vi.waitFor(
      () => {
        expect(statSync(log.file).size / PAGE).toBeGreaterThan(THREAD_CHECKPOINT_PAGES);
      },
      {
        timeout: 10_000,
        interval: 20,
      },
    );
    const events: StoredEvent[] = [];
    for await (const event of log.readAll()) events.push(event);
    expect(events).toHaveLength(total);
    expect(verifyAll(events)).toMatchObject({ ok: true });
    await checkpoints?.stop();
    await store.close();
    expect(existsSync(`${log.file}-wal`)).toBe(false);
  });
});
