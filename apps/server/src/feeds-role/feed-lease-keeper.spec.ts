import type { SqliteLeaseStore } from '@tablecast/event-store';
import { describe, expect, it } from 'vitest';
import type { FeedProducer } from '../broadcast/feed-producer.service';
import { loadConfig } from '../config';
import { FEEDS_LEASE, FeedLeaseKeeper } from './feed-lease-keeper';
import { partitionLeaseName } from './feed-partitions';

const producer = { onFenced: () => undefined } as unknown as FeedProducer;
const leases = {} as SqliteLeaseStore;

describe('TC-SCALE-1: the single feed lease', () => {
  it('refuses FEEDS_PARTITIONS above 1, which the feeds role does not run yet, naming the setting', () => {
    expect(() => new FeedLeaseKeeper(loadConfig({ FEEDS_PARTITIONS: '2' }), leases, producer)).toThrow(
      /TC-SCALE-1: FEEDS_PARTITIONS 2 is not run by the feeds role yet; set it to 1/,
    );
  });

  it('contends for the one lease a single partition is named by', () => {
    expect(FEEDS_LEASE).toBe(partitionLeaseName(0, 1));
    expect(() => new FeedLeaseKeeper(loadConfig({}), leases, producer)).not.toThrow();
  });
});
