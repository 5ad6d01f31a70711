import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { numberedEvents, uniqueId } from '../contract/fixtures';
import { storeTestCatalog } from '../contract/store-catalog';
import { createEventStore } from '../event-store';
import { SqliteEventLog } from '../sqlite/sqlite-event-log';
import { exited, spawnTsChild } from '../testing/spawn-child';
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

describe('SQLite leases across processes', () => {
  it("TC-SCALE-1: another process's live lease refuses this one; once it ran out this one takes over and that process's write is refused", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-lease-'));
    const script = join(__dirname, '..', 'testing', `lease-child${extname(__filename)}`);
    const { child, lines } = spawnTsChild(
      script,
      [dataDir, 'feed-m1', 'feeds-child', '60000'],
      dirname(script),
      'pipe',
    );
    const output = lines[Symbol.asyncIterator]();
    const next = async (): Promise<string> => String((await output.next()).value);
    const tell = (line: string): void => {
      child.stdin?.write(`${line}\n`);
    };
    try {
      const claim = JSON.parse((await next()).replace(/^claim /, '')) as {
        acquired: boolean;
        lease: { owner: string; token: number; expiresAt: number };
      };
      expect(claim).toMatchObject({ acquired: true, lease: { owner: 'feeds-child', token: 1 } });

      const here = new SqliteLeaseStore({ dataDir });
      expect(await here.acquire('feed-m1', 'feeds-parent', 60_000)).toMatchObject({
        acquired: false,
        holder: 'feeds-child',
      });
      await here.close();
      tell('write');
      expect(await next()).toBe('written');

      // This process's clock at the child's expiry, as for a child paused past its lease.
      const later = new SqliteLeaseStore({ dataDir, now: () => claim.lease.expiresAt });
      const takeover = await later.acquire('feed-m1', 'feeds-parent', 60_000);
      expect(takeover).toMatchObject({ acquired: true, lease: { owner: 'feeds-parent', token: 2 } });
      await later.close();
      tell('write');
      expect(await next()).toBe('fenced taken over');
      child.stdin?.end();
      await exited(child);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
