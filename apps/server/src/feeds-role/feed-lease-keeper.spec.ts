import type { SqliteLeaseStore } from '@tablecast/event-store';
import { describe, expect, it } from 'vitest';
import type { FeedProducer } from '../broadcast/feed-producer.service';
import { loadConfig } from '../config';
import { FEEDS_LEASE, FeedLeaseKeeper } from './feed-lease-keeper';
import { partitionLeaseName } from './feed-partitions';

const producer = { onFenced: () => undefined } as unknown as FeedProducer;

/** A lease store that notes every claim (each keeper claims at once on bootstrap); no other member is live. */
function claims(): { leases: SqliteLeaseStore; names: string[] } {
  const names: string[] = [];
  const leases = {
    acquire: (name: string) => {
      names.push(name);
      return Promise.resolve({ acquired: false, holder: 'another', expiresAt: 0 });
    },
    prune: () => Promise.resolve(0),
    liveLeases: () => [],
  } as unknown as SqliteLeaseStore;
  return { leases, names };
}

describe('TC-SCALE-1: the single feed lease', () => {
  it('is claimed with the default of one partition, under the name one partition is given', async () => {
    const { leases, names } = claims();
    const keeper = new FeedLeaseKeeper(loadConfig({}), leases, producer);
    keeper.onApplicationBootstrap();
    await keeper.onApplicationShutdown().catch(() => undefined);
    // Its member lease first (it records FEEDS_PARTITIONS=1), then the single lease.
    expect(names).toEqual([`feed-member/1/${keeper.owner}`, partitionLeaseName(0, 1)]);
    expect(FEEDS_LEASE).toBe('feeds');
  });

  it('is never claimed with FEEDS_PARTITIONS above 1 (the partition leases are kept instead)', async () => {
    const { leases, names } = claims();
    const keeper = new FeedLeaseKeeper(loadConfig({ FEEDS_PARTITIONS: '2' }), leases, producer);
    keeper.onApplicationBootstrap();
    await keeper.onApplicationShutdown().catch(() => undefined);
    expect(names).toEqual([]);
  });
});
