import { Logger } from '@nestjs/common';
import { LeaseFencedError, type Lease, type SqliteLeaseStore } from '@tablecast/event-store';
import { describe, expect, it } from 'vitest';
import type { FeedProducer } from '../broadcast/feed-producer.service';
import { partitionOf } from './feed-partitions';
import { PartitionedFeeds } from './partitioned-feeds';

const PARTITIONS = 4;
const lease = (partition: number): Lease => ({
  name: `feed-lease/${String(partition)}`,
  owner: 'feeds-a',
  token: 1,
  expiresAt: Number.MAX_SAFE_INTEGER,
});
/** One id per partition, found by the partition function itself. */
const idOf = (partition: number): string => {
  for (let n = 0; ; n += 1)
    if (partitionOf(`m-${String(n)}`, PARTITIONS) === partition) return `m-${String(n)}`;
};

/** A producer that notes what it was told: which matches it follows, its start and its stop. */
function fakeProducers(log: string[]) {
  const made: { follows: (matchId: string) => boolean; fenced: (error: LeaseFencedError) => void }[] = [];
  const make = (): FeedProducer => {
    const index = made.length;
    const entry: (typeof made)[number] = {
      follows: () => true,
      fenced: () => undefined,
    };
    made.push(entry);
    return {
      followOnly: (owns: (matchId: string) => boolean) => {
        entry.follows = owns;
      },
      fenceWith: () => undefined,
      onFenced: (listener: (error: LeaseFencedError) => void) => {
        entry.fenced = listener;
      },
      start: () => {
        log.push(`start ${String(index)}`);
        return Promise.resolve();
      },
      // A stop takes a turn of the event loop (the last group's commit): the next start waits for it.
      onApplicationShutdown: () =>
        new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          log.push(`stop ${String(index)}`);
        }),
      framesPublished: 0,
    } as unknown as FeedProducer;
  };
  const following = (index: number): number[] =>
    [0, 1, 2, 3].filter((partition) => made[index]?.follows(idOf(partition)));
  return { made, make, following };
}

describe('TC-SCALE-1: the producers of the partitions a feeds process holds', () => {
  it('partitions claimed together share one restart, and a partition given up restarts the producer over the others after the former stopped', async () => {
    const log: string[] = [];
    const producers = fakeProducers(log);
    const feeds = new PartitionedFeeds(
      PARTITIONS,
      {} as SqliteLeaseStore,
      producers.make,
      new Logger('feeds'),
    );
    await Promise.all([0, 1, 2, 3].map((partition) => feeds.start(partition, lease(partition))));
    expect(producers.made.length).toBe(1);
    expect(producers.following(0)).toEqual([0, 1, 2, 3]);

    await feeds.stop(2);
    expect(producers.made.length).toBe(2);
    expect(producers.following(1)).toEqual([0, 1, 3]);
    expect(log).toEqual(['start 0', 'stop 0', 'start 1']);
    await feeds.close();
    expect(log).toEqual(['start 0', 'stop 0', 'start 1', 'stop 1']);
  });

  it('a refused write names the partition whose lease refused it', async () => {
    const producers = fakeProducers([]);
    const feeds = new PartitionedFeeds(
      PARTITIONS,
      {} as SqliteLeaseStore,
      producers.make,
      new Logger('feeds'),
    );
    const lost: number[] = [];
    feeds.onFenced((partition) => lost.push(partition));
    await Promise.all([1, 3].map((partition) => feeds.start(partition, lease(partition))));
    producers.made[0]?.fenced(new LeaseFencedError(lease(3), 'taken over', { owner: 'feeds-b', token: 2 }));
    expect(lost).toEqual([3]);
  });
});
