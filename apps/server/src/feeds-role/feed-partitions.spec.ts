import { describe, expect, it } from 'vitest';
import {
  fairShare,
  fnv1a32,
  partitionLeaseName,
  partitionOf,
  planPartitions,
  WHOLE_FEEDS_LEASE,
} from './feed-partitions';

describe('TC-SCALE-1: the partition of a match', () => {
  it('is 32-bit FNV-1a of the id (the published test vectors), unsigned', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('hashes the UTF-8 bytes, not UTF-16 code units', () => {
    expect(fnv1a32('對局-1')).toBe(0x4f688895);
  });

  it('never changes for a running deployment: these ids keep these partitions', () => {
    const ids = ['m-1', 'm-2', 'm-3', 'm-4', 'm-5', 'm-6', 'm-7', 'm-8', 'final-table-1'];
    expect(ids.map((id) => partitionOf(id, 4))).toEqual([2, 3, 0, 1, 2, 3, 0, 1, 0]);
    expect(ids.map((id) => partitionOf(id, 2))).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0]);
    expect(ids.map((id) => partitionOf(id, 1))).toEqual(ids.map(() => 0));
  });

  it('spreads many matches over every partition', () => {
    const counts = [0, 0, 0, 0];
    for (let table = 0; table < 4000; table += 1) {
      const partition = partitionOf(`match-${String(table)}`, 4);
      counts[partition] = (counts[partition] ?? 0) + 1;
    }
    for (const count of counts) expect(count).toBeGreaterThan(800);
  });

  it('refuses a partition count below 1 or not whole, naming FEEDS_PARTITIONS', () => {
    expect(() => partitionOf('m-1', 0)).toThrow(/FEEDS_PARTITIONS must be a whole number of at least 1/);
    expect(() => partitionOf('m-1', 1.5)).toThrow(/FEEDS_PARTITIONS/);
  });
});

describe('TC-SCALE-1: the partition leases', () => {
  it('with one partition is the single feeds lease of a deployment without partitions', () => {
    expect(partitionLeaseName(0, 1)).toBe(WHOLE_FEEDS_LEASE);
    expect(WHOLE_FEEDS_LEASE).toBe('feeds');
  });

  it('with several is feed-lease/<k>, one per partition', () => {
    expect([0, 1, 2, 3].map((k) => partitionLeaseName(k, 4))).toEqual([
      'feed-lease/0',
      'feed-lease/1',
      'feed-lease/2',
      'feed-lease/3',
    ]);
    expect(() => partitionLeaseName(4, 4)).toThrow(/partition must be from 0 to 3/);
  });
});

describe('TC-SCALE-1: the fair share of a feeds process', () => {
  it('is ceil(partitions / live processes), counting at least this one', () => {
    expect(fairShare(4, 1)).toBe(4);
    expect(fairShare(4, 2)).toBe(2);
    expect(fairShare(4, 3)).toBe(2);
    expect(fairShare(4, 5)).toBe(1);
    expect(fairShare(4, 0)).toBe(4);
    expect(fairShare(1, 2)).toBe(1);
  });

  it('a lone process claims every free partition', () => {
    const plan = planPartitions({
      partitions: 4,
      liveProcesses: 1,
      held: new Set(),
      free: new Set([0, 1, 2, 3]),
    });
    expect(plan).toEqual({ claim: [0, 1, 2, 3], release: [] });
  });

  it('a holder of everything gives up the partitions above its share once a second process is live', () => {
    const plan = planPartitions({
      partitions: 4,
      liveProcesses: 2,
      held: new Set([0, 1, 2, 3]),
      free: new Set(),
    });
    expect(plan).toEqual({ claim: [], release: [3, 2] });
  });

  it('a newcomer claims only up to its share, the lowest free partitions first', () => {
    const plan = planPartitions({ partitions: 4, liveProcesses: 2, held: new Set(), free: new Set([3, 2]) });
    expect(plan).toEqual({ claim: [2, 3], release: [] });
    const partial = planPartitions({
      partitions: 4,
      liveProcesses: 2,
      held: new Set([1]),
      free: new Set([0, 2, 3]),
    });
    expect(partial).toEqual({ claim: [0], release: [] });
  });

  it('a holder within its share keeps what it holds and claims nothing more', () => {
    const plan = planPartitions({
      partitions: 4,
      liveProcesses: 3,
      held: new Set([0, 1]),
      free: new Set([3]),
    });
    expect(plan).toEqual({ claim: [], release: [] });
  });

  it('a survivor takes the partitions of a process that died once only it is live', () => {
    const plan = planPartitions({
      partitions: 4,
      liveProcesses: 1,
      held: new Set([0, 1]),
      free: new Set([2, 3]),
    });
    expect(plan).toEqual({ claim: [2, 3], release: [] });
  });
});
