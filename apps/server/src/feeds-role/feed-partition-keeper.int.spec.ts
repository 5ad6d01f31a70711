import { Logger } from '@nestjs/common';
import { SqliteLeaseStore, type Lease } from '@tablecast/event-store';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedProducer } from '../broadcast/feed-producer.service';
import { loadConfig } from '../config';
import { FeedLeaseKeeper } from './feed-lease-keeper';
import { FeedPartitionKeeper, type PartitionWork } from './feed-partition-keeper';
import { MEMBER_PRUNE_AFTER_TTLS, MEMBER_PRUNE_PER_BEAT } from './feeds-membership';

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
    const logger = new Logger(`feeds ${owner}`);
    const work = recordedWork((partition) =>
      leases
        .liveLeases('feed-lease/')
        .some((lease) => lease.name === `feed-lease/${String(partition)}` && lease.owner === owner),
    );
    const keeper = new FeedPartitionKeeper(leases, work, {
      partitions,
      ttlMs: TTL_MS,
      owner,
      logger,
    });
    return { keeper, work, leases, logger };
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

  /** Every row of the lease table, as any process on the file sees it. */
  function leaseRows(dir: string): string[] {
    const db = new Database(join(dir, 'events.sqlite'), { readonly: true });
    try {
      return db
        .prepare<[], { name: string }>('SELECT name FROM leases ORDER BY name')
        .all()
        .map((row) => row.name);
    } finally {
      db.close();
    }
  }

  it('a clean stop deletes its member row; the partition rows stay, released, so their tokens only grow', async () => {
    const dir = logDir();
    const a = feedsProcess(dir, 'feeds-a', 2);
    await a.keeper.beat();
    expect(leaseRows(dir)).toEqual(['feed-lease/0', 'feed-lease/1', 'feed-member/2/feeds-a']);
    await a.keeper.close();
    expect(leaseRows(dir)).toEqual(['feed-lease/0', 'feed-lease/1']);
  });

  it('the member rows of processes long gone are pruned at a beat, a bounded number at a time, and never a live one', async () => {
    const dir = logDir();
    const a = feedsProcess(dir, 'feeds-a', 2);
    // Processes killed long ago left their member rows behind.
    const dead = 2 * MEMBER_PRUNE_PER_BEAT + 3;
    for (let index = 0; index < dead; index += 1)
      await a.leases.acquire(`feed-member/2/dead-${String(index)}`, `dead-${String(index)}`, TTL_MS);
    const b = feedsProcess(dir, 'feeds-b', 2);
    time += MEMBER_PRUNE_AFTER_TTLS * TTL_MS + TTL_MS;
    await b.keeper.beat();
    await a.keeper.beat();
    const members = (): string[] => leaseRows(dir).filter((name) => name.startsWith('feed-member/'));
    // One beat of each pruned at most its bound; a and b stay (renewed), and count each other.
    expect(members().length).toBe(2 + Math.max(0, dead - 2 * MEMBER_PRUNE_PER_BEAT));
    expect(members()).toContain('feed-member/2/feeds-a');
    expect(members()).toContain('feed-member/2/feeds-b');
    await a.keeper.beat();
    expect(members()).toEqual(['feed-member/2/feeds-a', 'feed-member/2/feeds-b']);
    // A member run out only briefly (a process paused) is not pruned: it may come back.
    time += 2 * TTL_MS;
    await a.keeper.beat();
    expect(members()).toEqual(['feed-member/2/feeds-a', 'feed-member/2/feeds-b']);
  });

  it('a process with another FEEDS_PARTITIONS claims nothing and is not ready, naming both values; the one running keeps its partitions', async () => {
    const dir = logDir();
    const a = feedsProcess(dir, 'feeds-a', 2);
    await a.keeper.beat();
    expect(a.keeper.heldPartitions()).toEqual([0, 1]);

    // With 4 partitions, feed-lease/2 and feed-lease/3 are free: b would publish matches a holds.
    const b = feedsProcess(dir, 'feeds-b', 4);
    const firstErrors = vi.spyOn(b.logger, 'error');
    await b.keeper.beat();
    expect(firstErrors.mock.calls).toEqual([
      [
        expect.stringMatching(
          /^TC-SCALE-1: mixed FEEDS_PARTITIONS: this process runs FEEDS_PARTITIONS=4 but/,
        ),
      ],
    ]);
    firstErrors.mockRestore();
    expect(b.keeper.heldPartitions()).toEqual([]);
    expect(b.work.log).toEqual([]);
    expect(b.keeper.readiness()).toEqual({
      name: 'feed-lease',
      ok: false,
      detail:
        'refused: TC-SCALE-1: mixed FEEDS_PARTITIONS: this process runs FEEDS_PARTITIONS=4 but live feeds process ' +
        'feeds-a runs FEEDS_PARTITIONS=2; it claims no feed lease until every feeds process on the log has the ' +
        'same FEEDS_PARTITIONS; standby: no partition of 4',
    });
    // a sees b too: it keeps what it holds and is not ready either.
    time += TTL_MS / 3;
    await a.keeper.beat();
    await a.keeper.handedBack();
    expect(a.keeper.heldPartitions()).toEqual([0, 1]);
    expect(a.work.log).toEqual(['start 0', 'start 1']);
    expect(a.keeper.readiness().ok).toBe(false);
    expect(a.keeper.readiness().detail).toMatch(
      /^refused: .*runs FEEDS_PARTITIONS=2 but live feeds process feeds-b runs FEEDS_PARTITIONS=4;/,
    );
    // b still claims nothing at its next beat while a is live; it logged the conflict once, when it began.
    const errors = vi.spyOn(b.logger, 'error');
    await b.keeper.beat();
    expect(errors).not.toHaveBeenCalled();
    expect(b.keeper.heldPartitions()).toEqual([]);
    expect(b.leases.liveLeases('feed-lease/').map((lease) => lease.owner)).toEqual(['feeds-a', 'feeds-a']);

    // b stops (its member row goes): a, alone again, is ready.
    await b.keeper.close();
    await a.keeper.beat();
    expect(a.keeper.readiness().ok).toBe(true);
    expect(a.keeper.heldPartitions()).toEqual([0, 1]);
  });

  describe('against the single feeds lease (FEEDS_PARTITIONS=1)', () => {
    // Its beats run on real timers, every third of this; its lease clock is the test's, stepped by it.
    const ttl = 600;
    const producer = {
      onFenced: () => undefined,
      fenceWith: () => undefined,
      start: vi.fn(() => Promise.resolve()),
      stop: () => Promise.resolve(),
      framesPublished: 0,
    };

    function singleLeaseProcess(dir: string) {
      const leases = new SqliteLeaseStore({ dataDir: dir, now });
      const keeper = new FeedLeaseKeeper(
        loadConfig({ FEEDS_LEASE_TTL_MS: String(ttl) }),
        leases,
        producer as unknown as FeedProducer,
      );
      return { keeper, leases };
    }

    it('a single-lease process next to a partitioned one claims no lease and is not ready; the partitioned one claims nothing more', async () => {
      producer.start.mockClear();
      const dir = logDir();
      const a = feedsProcess(dir, 'feeds-a', 2);
      await a.keeper.beat();
      a.keeper.lose(1, 'TC-SCALE-1: a fenced write was refused');
      await a.keeper.handedBack();
      const single = singleLeaseProcess(dir);
      single.keeper.onApplicationBootstrap();
      try {
        await vi.waitFor(() => {
          expect(single.keeper.readiness().ok).toBe(false);
        });
        expect(single.keeper.readiness().detail).toMatch(
          /^refused: TC-SCALE-1: mixed FEEDS_PARTITIONS: this process runs FEEDS_PARTITIONS=1 \(the single feeds lease\) but live feeds process feeds-a runs FEEDS_PARTITIONS=2;/,
        );
        expect(a.leases.liveLeases('feeds')).toEqual([]);
        expect(producer.start).not.toHaveBeenCalled();
        // The partitioned one keeps partition 0 but does not take back partition 1 beside it.
        await a.keeper.beat();
        expect(a.keeper.heldPartitions()).toEqual([0]);
        expect(a.keeper.readiness().detail).toMatch(
          /^refused: .*runs FEEDS_PARTITIONS=2 but live feeds process .* runs FEEDS_PARTITIONS=1 \(the single feeds lease\);/,
        );
      } finally {
        await single.keeper.onApplicationShutdown();
      }
      // Its clean stop deleted its member row: the partitioned one goes on alone.
      await a.keeper.beat();
      expect(a.keeper.readiness().ok).toBe(true);
      expect(a.keeper.heldPartitions()).toEqual([0, 1]);
    });

    it('a partitioned process next to the holder of the single lease claims no partition', async () => {
      producer.start.mockClear();
      const dir = logDir();
      const single = singleLeaseProcess(dir);
      single.keeper.onApplicationBootstrap();
      try {
        await vi.waitFor(() => {
          expect(producer.start).toHaveBeenCalled();
        });
        const b = feedsProcess(dir, 'feeds-b', 2);
        await b.keeper.beat();
        expect(b.keeper.heldPartitions()).toEqual([]);
        expect(b.leases.liveLeases('feed-lease/')).toEqual([]);
        expect(b.keeper.readiness().detail).toMatch(
          /^refused: .*this process runs FEEDS_PARTITIONS=2 but live feeds process .* runs FEEDS_PARTITIONS=1 \(the single feeds lease\);/,
        );
        await vi.waitFor(
          () => {
            expect(single.keeper.readiness().ok).toBe(false);
          },
          { timeout: 5_000 },
        );
        // The single lease's holder keeps renewing it: the feeds already running never stop.
        expect(single.keeper.state.kind).toBe('holding');
      } finally {
        await single.keeper.onApplicationShutdown();
      }
    });
  });
});
