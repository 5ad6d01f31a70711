import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { numberedEvents, uniqueId } from '../contract/fixtures';
import { storeTestCatalog } from '../contract/store-catalog';
import { createEventStore } from '../event-store';
import { SqliteEventLog } from '../sqlite/sqlite-event-log';
import { describeLeaseStoreContract } from './lease-store.contract';
import { SqliteLeaseStore } from './sqlite-lease-store';

// Each connect() is a connection of its own to one file, as two processes on one data dir have.
describeLeaseStoreContract('SQLite lease store contract', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-lease-'));
  return Promise.resolve({
    connect: (now: () => number) => Promise.resolve(new SqliteLeaseStore({ dataDir, now })),
    teardown: () => {
      rmSync(dataDir, { recursive: true, force: true });
      return Promise.resolve();
    },
  });
});

describe('SQLite leases beside the event log', () => {
  it('keeps the lease and its token in the log file, across a reconnect, with the events untouched', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-lease-'));
    try {
      const log = new SqliteEventLog({ dataDir });
      const store = createEventStore({ log, catalog: storeTestCatalog });
      const matchId = uniqueId();
      await store.append(`match-${matchId}`, numberedEvents(matchId, 2), 'no_stream');
      const leases = new SqliteLeaseStore({ dataDir });
      expect(leases.file).toBe(log.file);
      const claim = await leases.acquire('feed-m1', 'feeds-a', 60_000);
      await leases.close();

      // A restarted process: the lease is still feeds-a's, so another owner waits for it.
      const again = new SqliteLeaseStore({ dataDir });
      expect(await again.acquire('feed-m1', 'feeds-b', 60_000)).toMatchObject({
        acquired: false,
        holder: 'feeds-a',
      });
      await again.close();
      expect(claim.acquired).toBe(true);
      expect((await store.readStream(`match-${matchId}`)).map((event) => event.revision)).toEqual([0, 1]);
      await store.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
