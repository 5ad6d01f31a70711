import { Logger } from '@nestjs/common';
import { SqliteLeaseStore, type Lease } from '@tablecast/event-store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedPartitionKeeper, type PartitionWork } from './feed-partition-keeper';

const TTL_MS = 6_000;

/** The partitions' work as the keeper drives it: what runs now, and every start and stop in order. */
function recordedWork(stillHeld: (partition: number) => boolean): PartitionWork & {
  running: Set<number>;
  log: string[];
  tokens: Map<number, number>;
  releasedFirst: number[];
} {
  const releasedFirst: number[] = [];
  const running = new Set<number>();
  const log: string[] = [];
  const tokens = new Map<number, number>();
  return {
    running,
    log,
    tokens,
    releasedFirst,
    start: (partition: number, lease: Lease) => {
      running.add(partition);
      tokens.set(partition, lease.token);
      log.push(`start ${String(partition)}`);
      return Promise.resolve();
    },
    stop: (partition: number) => {
      running.delete(partition);
      log.push(`stop ${String(partition)}`);
      // A stop after the release would let the next holder publish beside this one.
      if (!stillHeld(partition)) releasedFirst.push(partition);
      return Promise.resolve();
    },
  };
}

/**
 * Feeds processes on one shared lease file, each with its own connection, their beats driven by
 * the test and their lease clock stepped by it, so a takeover needs no waiting (TC-SCALE-1).
 */
describe('TC-SCALE-1: feed partition leases among feeds processes', () => {
  const dirs: string[] = [];
  const stores: SqliteLeaseStore[] = [];
  let time = 1_000;
  const now = (): number => time;

  function feedsProcess(dataDir: string, owner: string, partitions = 4) {
    const leases = new SqliteLeaseStore({ dataDir, now });
    stores.push(leases);
    const work = recordedWork((partition) =>
      leases
        .liveLeases('feed-lease/')
        .some((lease) => lease.name === `feed-lease/${String(partition)}` && lease.owner === owner),
    );
    const keeper = new FeedPartitionKeeper(leases, work, {
      partitions,
      ttlMs: TTL_MS,
      owner,
      logger: new Logger(`feeds ${owner}`),
    });
    return { keeper, work, leases };
  }

  function logDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'tablecast-partitions-'));
    dirs.push(dir);
    return dir;
  }

  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    time = 1_000;
  });

  it('a lone process takes every partition; once a second is live they split them, each stopped before its release', async () => {
    const dir = logDir();
    const a = feedsProcess(dir, 'feeds-a');
    await a.keeper.beat();
    expect(a.keeper.heldPartitions()).toEqual([0, 1, 2, 3]);

    const b = feedsProcess(dir, 'feeds-b');
    await b.keeper.beat();
    // b is live (its member lease) but every partition is a's for now.
    expect(b.keeper.heldPartitions()).toEqual([]);
    await a.keeper.beat();
    expect(a.keeper.heldPartitions()).toEqual([0, 1]);
    await a.keeper.handedBack();
    expect(a.work.log).toEqual(['start 0', 'start 1', 'start 2', 'start 3', 'stop 3', 'stop 2']);
    await b.keeper.beat();
    expect(b.keeper.heldPartitions()).toEqual([2, 3]);
    expect([...b.work.running].sort()).toEqual([2, 3]);
    // Each partition is run by exactly one of them, and each new holder got a higher token.
    expect([...a.work.running].sort()).toEqual([0, 1]);
    expect(b.work.tokens).toEqual(
      new Map([
        [2, 2],
        [3, 2],
      ]),
    );

    // Steady: more beats move nothing.
    time += TTL_MS / 3;
    await a.keeper.beat();
    await b.keeper.beat();
    expect([a.keeper.heldPartitions(), b.keeper.heldPartitions()]).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(a.keeper.readiness()).toEqual({
      name: 'feed-lease',
      ok: true,
      detail: 'holding feed-lease/0 token 1, feed-lease/1 token 1 of 4 as feeds-a',
    });
    expect(b.keeper.readiness().detail).toBe(
      'holding feed-lease/2 token 2, feed-lease/3 token 2 of 4 as feeds-b',
    ); // Each handed-back partition was stopped while its lease was still a's.
    expect(a.work.releasedFirst).toEqual([]);
  });

  it("a survivor takes a silent process's partitions once their leases ran out, and the paused one comes back without them", async () => {
    const dir = logDir();
    const a = feedsProcess(dir, 'feeds-a');
    const b = feedsProcess(dir, 'feeds-b');
    await a.keeper.beat();
    await b.keeper.beat();
    await a.keeper.beat();
    await b.keeper.beat();
    expect(b.keeper.heldPartitions()).toEqual([2, 3]);

    // b is paused past its TTL: a alone beats, every third of it.
    for (let beat = 0; beat < 4; beat += 1) {
      time += TTL_MS / 3;
      await a.keeper.beat();
    }
    expect(a.keeper.heldPartitions()).toEqual([0, 1, 2, 3]);
    expect([0, 1, 2, 3].map((partition) => a.keeper.leaseOf(partition)?.token)).toEqual([1, 1, 3, 3]);
    expect(a.work.log).toEqual([
      'start 0',
      'start 1',
      'start 2',
      'start 3',
      'stop 3',
      'stop 2',
      'start 2',
      'start 3',
    ]);

    // b wakes: its renewals are refused, it stops those partitions alone and stays up as a standby.
    await b.keeper.beat();
    expect(b.keeper.heldPartitions()).toEqual([]);
    expect(b.work.running.size).toBe(0);
    expect(b.keeper.readiness()).toMatchObject({ ok: true });
    expect(b.keeper.readiness().detail).toMatch(
      /^standby: no partition of 4; last lost feed-lease\/\d: lease/,
    );
    // and, live again, gets its share back once a hands it over.
    await a.keeper.beat();
    await b.keeper.beat();
    expect([a.keeper.heldPartitions(), b.keeper.heldPartitions()]).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('a lost partition stops only its own work; the others are kept and renewed', async () => {
    const dir = logDir();
    const a = feedsProcess(dir, 'feeds-a');
    await a.keeper.beat();
    a.keeper.lose(2, 'TC-SCALE-1: a fenced write was refused');
    expect(a.keeper.heldPartitions()).toEqual([0, 1, 3]);
    expect([...a.work.running].sort()).toEqual([0, 1, 3]);
    time += TTL_MS / 2;
    await a.keeper.beat();
    // Renewed under the same tokens; partition 2, released after its stop, is taken anew.
    expect(a.keeper.leaseOf(0)?.token).toBe(1);
    expect(a.keeper.leaseOf(2)?.token).toBe(2);
    expect(a.work.log).toEqual(['start 0', 'start 1', 'start 2', 'start 3', 'stop 2', 'start 2']);
  });

  it('a holder paused past its leases that nobody took restarts each partition under a new grant, from the ledger, not from memory', async () => {
    const dir = logDir();
    const a = feedsProcess(dir, 'feeds-a', 2);
    await a.keeper.beat();
    time += TTL_MS + 1;
    await a.keeper.beat();
    expect(a.work.log).toEqual(['start 0', 'start 1', 'stop 0', 'stop 1', 'start 0', 'start 1']);
    expect(a.work.tokens).toEqual(
      new Map([
        [0, 3],
        [1, 3],
      ]),
    );
  });

  it('a clean stop stops the work, then releases every lease: the other process takes them at its next beat', async () => {
    const dir = logDir();
    const a = feedsProcess(dir, 'feeds-a');
    const b = feedsProcess(dir, 'feeds-b');
    await a.keeper.beat();
    await b.keeper.beat();
    await a.keeper.close();
    expect(a.work.running.size).toBe(0);
    expect(a.work.releasedFirst).toEqual([]);
    expect(a.keeper.readiness()).toEqual({ name: 'feed-lease', ok: false, detail: 'closed' });
    await b.keeper.beat();
    expect(b.keeper.heldPartitions()).toEqual([0, 1, 2, 3]);
  });

  it('a hand-back holds up no renewal: the beat ends while its stop runs, and its lease is released only once stopped', async () => {
    const dir = logDir();
    const a = feedsProcess(dir, 'feeds-a');
    await a.keeper.beat();
    const finishStops: (() => void)[] = [];
    const stops: number[] = [];
    a.work.stop = (partition) => {
      stops.push(partition);
      // A stop that waits, as for the catch-up of the partitions kept.
      return new Promise<void>((resolve) => {
        finishStops.push(resolve);
      });
    };
    const b = feedsProcess(dir, 'feeds-b');
    await b.keeper.beat();
    time += TTL_MS / 3;
    await a.keeper.beat();
    expect(stops).toEqual([3, 2]);
    expect(a.keeper.heldPartitions()).toEqual([0, 1]);
    // Renewed at this beat (before its plan), 2 and 3 stay a's until their stops end.
    expect(
      a.leases.liveLeases('feed-lease/').map((lease) => [lease.name, lease.owner, lease.expiresAt]),
    ).toEqual([
      ['feed-lease/0', 'feeds-a', time + TTL_MS],
      ['feed-lease/1', 'feeds-a', time + TTL_MS],
      ['feed-lease/2', 'feeds-a', time + TTL_MS],
      ['feed-lease/3', 'feeds-a', time + TTL_MS],
    ]);
    for (const finish of finishStops) finish();
    await a.keeper.handedBack();
    expect(a.leases.liveLeases('feed-lease/').map((lease) => lease.name)).toEqual([
      'feed-lease/0',
      'feed-lease/1',
    ]);
  });
});
