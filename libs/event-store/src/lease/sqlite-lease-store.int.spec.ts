import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { numberedEvents, uniqueId } from '../contract/fixtures';
import { storeTestCatalog } from '../contract/store-catalog';
import { createEventStore } from '../event-store';
import { SqliteEventLog } from '../sqlite/sqlite-event-log';
import { exited, spawnTsChild } from '../testing/spawn-child';
import { LeaseFencedError } from './lease';
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

// The same contract on connections the caller opened to a file of its own (the feed ledger's).
describeLeaseStoreContract('SQLite lease store contract on a given connection', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-lease-'));
  const connections: Database.Database[] = [];
  return Promise.resolve({
    connect: (now: () => number) => {
      const database = new Database(join(dataDir, 'ledger.sqlite'));
      connections.push(database);
      return Promise.resolve(new SqliteLeaseStore({ database, now }));
    },
    teardown: () => {
      for (const database of connections) database.close();
      rmSync(dataDir, { recursive: true, force: true });
      return Promise.resolve();
    },
  });
});

describe('SQLite leases on a shared connection', () => {
  it("TC-SCALE-1: assertHeld inside the owner's own IMMEDIATE transaction refuses once another owner took over, and the owner's write rolls back", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-lease-'));
    const file = join(dataDir, 'ledger.sqlite');
    let time = 1_000;
    const now = (): number => time;
    const mine = new Database(file);
    const theirs = new Database(file);
    try {
      mine.exec('CREATE TABLE frames (seq INTEGER PRIMARY KEY)');
      const leases = new SqliteLeaseStore({ database: mine, now });
      const other = new SqliteLeaseStore({ database: theirs, now });
      const claim = await leases.acquire('feeds', 'feeds-a', 5_000);
      if (!claim.acquired) throw new Error('first claim refused');
      const write = mine.transaction((seq: number) => {
        leases.assertHeld(claim.lease);
        mine.prepare('INSERT INTO frames (seq) VALUES (?)').run(seq);
      });
      write.immediate(1);
      time += 5_000; // feeds-a's time ran out: feeds-b takes the lease under the next token
      expect(await other.acquire('feeds', 'feeds-b', 5_000)).toMatchObject({
        acquired: true,
        lease: { token: claim.lease.token + 1 },
      });
      expect(() => {
        write.immediate(2);
      }).toThrow(LeaseFencedError);
      expect(mine.prepare('SELECT seq FROM frames').pluck().all()).toEqual([1]);
      // Closing the store leaves the caller's connection open.
      await leases.close();
      expect(mine.open).toBe(true);
    } finally {
      mine.close();
      theirs.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
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

describe('SQLite live leases by name prefix', () => {
  it('TC-SCALE-1: lists only the live grants whose name starts with the prefix, as every connection on the file sees them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-lease-'));
    let time = 1_000;
    const now = (): number => time;
    const a = new SqliteLeaseStore({ dataDir, now });
    const b = new SqliteLeaseStore({ dataDir, now });
    try {
      await a.acquire('feed-lease/0', 'feeds-a', 5_000);
      await b.acquire('feed-lease/1', 'feeds-b', 10_000);
      const released = await a.acquire('feed-lease/2', 'feeds-a', 5_000);
      if (!released.acquired) throw new Error('claim refused');
      await a.release(released.lease);
      // A name that only contains the prefix, and one whose prefix holds a LIKE wildcard, are not listed.
      await a.acquire('old-feed-lease/3', 'feeds-a', 5_000);
      await a.acquire('feed_lease/4', 'feeds-a', 5_000);

      expect(b.liveLeases('feed-lease/').map((lease) => [lease.name, lease.owner, lease.token])).toEqual([
        ['feed-lease/0', 'feeds-a', 1],
        ['feed-lease/1', 'feeds-b', 1],
      ]);
      // Once feeds-a's grant ran out, only feeds-b's is live.
      time = 6_000;
      expect(a.liveLeases('feed-lease/').map((lease) => lease.name)).toEqual(['feed-lease/1']);
      expect(a.liveLeases('feed-member/')).toEqual([]);
    } finally {
      await a.close();
      await b.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('SQLite member lease rows: removed on a clean stop, pruned once long run out', () => {
  function rows(store: SqliteLeaseStore): string[] {
    const db = new Database(store.file, { readonly: true });
    try {
      return db
        .prepare<[], { name: string }>('SELECT name FROM leases ORDER BY name')
        .all()
        .map((row) => row.name);
    } finally {
      db.close();
    }
  }

  it('TC-SCALE-1: remove deletes the row only while it is still this grant', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-lease-'));
    let time = 1_000;
    const store = new SqliteLeaseStore({ dataDir, now: () => time });
    try {
      const first = await store.acquire('feed-member/feeds-a', 'feeds-a', 5_000);
      if (!first.acquired) throw new Error('claim refused');
      // Run out and taken anew: the first grant's removal must not delete the newer grant's row.
      time = 7_000;
      const second = await store.acquire('feed-member/feeds-a', 'feeds-b', 5_000);
      if (!second.acquired) throw new Error('claim refused');
      await store.remove(first.lease);
      expect(rows(store)).toEqual(['feed-member/feeds-a']);
      await store.remove(second.lease);
      expect(rows(store)).toEqual([]);
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('TC-SCALE-1: prune deletes, at most a limit at a time, only the rows under the prefix run out long enough', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-lease-'));
    let time = 1_000;
    const store = new SqliteLeaseStore({ dataDir, now: () => time });
    try {
      for (const owner of ['a', 'b', 'c']) await store.acquire(`feed-member/${owner}`, owner, 1_000);
      // A fencing lease run out as long: never pruned under another prefix.
      await store.acquire('feed-lease/0', 'a', 1_000);
      time = 5_000;
      const live = await store.acquire('feed-member/d', 'd', 1_000);
      if (!live.acquired) throw new Error('claim refused');
      // a, b and c ran out at 2,000, 3,000 ms ago; a released row has run out since time 0.
      const released = await store.acquire('feed-member/e', 'e', 1_000);
      if (!released.acquired) throw new Error('claim refused');
      await store.release(released.lease);

      expect(await store.prune('feed-member/', 4_000, 10)).toBe(1);
      expect(rows(store)).toEqual([
        'feed-lease/0',
        'feed-member/a',
        'feed-member/b',
        'feed-member/c',
        'feed-member/d',
      ]);
      expect(await store.prune('feed-member/', 3_000, 2)).toBe(2);
      expect(await store.prune('feed-member/', 3_000, 10)).toBe(1);
      expect(rows(store)).toEqual(['feed-lease/0', 'feed-member/d']);
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
