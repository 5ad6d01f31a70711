import { SqliteEventLog } from '@tablecast/event-store';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionRunner } from '../projections/projection-runner.service';
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

describe('the server checkpoints events.sqlite and projections.sqlite on the checkpoint thread', () => {
  it('their connections checkpoint only past OWN_CHECKPOINT_PAGES, the thread holds each file, and shutdown lets go of both WALs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-server-wal-'));
    dirs.push(dataDir);
    const running = await startServerOn(dataDir);
    const store = running.app.get<AppEventStore>(EVENT_STORE);
    const log = store.log;
    if (!(log instanceof SqliteEventLog)) throw new Error('expected the embedded SQLite log');
    const projections = running.app.get(ProjectionRunner).db.db;
    expect(log.database.pragma('wal_autocheckpoint', { simple: true })).toBe(OWN_CHECKPOINT_PAGES);
    expect(projections.pragma('wal_autocheckpoint', { simple: true })).toBe(OWN_CHECKPOINT_PAGES);
    // The thread opens its connection to each file once registered (a message to the worker).
    const events = join(dataDir, 'events.sqlite');
    const readModels = join(dataDir, 'projections.sqlite');
    for (let i = 0; i < 100 && (openCount(events) < 2 || openCount(readModels) < 2); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(openCount(events)).toBeGreaterThanOrEqual(2);
    expect(openCount(readModels)).toBeGreaterThanOrEqual(2);
    await running.app.close();
    // The thread let go of each file before its store closed, so that close was the last one: it
    // checkpointed the WAL and removed it.
    expect(existsSync(`${events}-wal`)).toBe(false);
    expect(existsSync(`${readModels}-wal`)).toBe(false);
  });
});
