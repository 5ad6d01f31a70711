import { SqliteEventLog } from '@tablecast/event-store';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { startServerOn } from '../testing/test-server';
import { OWN_CHECKPOINT_PAGES } from './wal-checkpoints';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** How many descriptors this process holds on `file` (one per connection: the loop's, the thread's). */
function openCount(file: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;
}

describe('the server checkpoints events.sqlite on the checkpoint thread (#5)', () => {
  it('its connection checkpoints only past OWN_CHECKPOINT_PAGES, the thread holds the file, and shutdown lets go of the WAL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-server-wal-'));
    dirs.push(dataDir);
    const running = await startServerOn(dataDir);
    const store = running.app.get<AppEventStore>(EVENT_STORE);
    const log = store.log;
    if (!(log instanceof SqliteEventLog)) throw new Error('expected the embedded SQLite log');
    expect(log.database.pragma('wal_autocheckpoint', { simple: true })).toBe(OWN_CHECKPOINT_PAGES);
    // The thread opens its connection to the file once registered (a message to the worker).
    const events = join(dataDir, 'events.sqlite');
    for (let i = 0; i < 100 && openCount(events) < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(openCount(events)).toBeGreaterThanOrEqual(2);
    await running.app.close();
    // The thread let go of the file before the store closed, so that close was the last one: it
    // checkpointed the WAL and removed it.
    expect(existsSync(`${events}-wal`)).toBe(false);
  });
});
