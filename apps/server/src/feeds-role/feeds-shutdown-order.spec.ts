import type { FeedBus } from '@tablecast/bus';
import type { SqliteLeaseStore } from '@tablecast/event-store';
import { describe, expect, it } from 'vitest';
import { FeedBusLifecycle } from '../broadcast/broadcast.module';
import type { DisclosureStore } from '../broadcast/disclosure-store';
import type { FeedProducer } from '../broadcast/feed-producer.service';
import type { ReadinessService } from '../health/readiness.service';
import type { FeedLeaseKeeper } from './feed-lease-keeper';
import type { FeedPartitionsRole } from './feed-partitions-role';
import { FeedsRoleLifecycle } from './feeds-role.module';

/** A shutdown hook that ends only when the test says so, recording the order of what happened. */
function gatedHook(name: string, order: string[]): { hook: () => Promise<void>; finish: () => void } {
  let finish = (): void => undefined;
  const done = new Promise<void>((resolve) => {
    finish = () => {
      order.push(`${name} stopped`);
      resolve();
    };
  });
  return { hook: () => done, finish };
}

const readiness = { register: () => undefined } as unknown as ReadinessService;

function closers(order: string[]): { bus: FeedBus; disclosures: DisclosureStore; leases: SqliteLeaseStore } {
  return {
    bus: { close: () => Promise.resolve(void order.push('bus closed')) } as unknown as FeedBus,
    disclosures: { close: () => void order.push('ledger closed') } as unknown as DisclosureStore,
    leases: { close: () => Promise.resolve(void order.push('leases closed')) } as unknown as SqliteLeaseStore,
  };
}

/**
 * Nest runs the shutdown hooks of one module's providers side by side. The producer's last turn is
 * written to the ledger, and the feed lease is released through the ledger's file, so the ledger
 * and the bus close only after both ended: a release on a closed file fails, and the lease then
 * stays held until its TTL runs out, so the standby waits that long to take over.
 */
describe('the feeds shutdown order', () => {
  it('the feeds role closes the bus, the lease store and the ledger only after the producer stopped and the lease was released', async () => {
    const order: string[] = [];
    const producer = gatedHook('producer', order);
    const keeper = gatedHook('lease keeper', order);
    const partitions = gatedHook('feed partitions', order);
    const { bus, disclosures, leases } = closers(order);
    const lifecycle = new FeedsRoleLifecycle(
      bus,
      disclosures,
      leases,
      { onApplicationShutdown: producer.hook } as unknown as FeedProducer,
      { onApplicationShutdown: keeper.hook, readiness: () => undefined } as unknown as FeedLeaseKeeper,
      { close: partitions.hook, readiness: () => undefined } as unknown as FeedPartitionsRole,
      readiness,
    );
    const closing = lifecycle.onApplicationShutdown();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    producer.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['producer stopped']);
    keeper.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['producer stopped', 'lease keeper stopped']);
    partitions.finish();
    await closing;
    expect(order).toEqual([
      'producer stopped',
      'lease keeper stopped',
      'feed partitions stopped',
      'bus closed',
      'leases closed',
      'ledger closed',
    ]);
  });

  it('the all role closes the bus and the ledger only after the producer stopped', async () => {
    const order: string[] = [];
    const producer = gatedHook('producer', order);
    const { bus, disclosures } = closers(order);
    const lifecycle = new FeedBusLifecycle(
      bus,
      disclosures,
      { onApplicationShutdown: producer.hook } as unknown as FeedProducer,
      readiness,
    );
    const closing = lifecycle.onApplicationShutdown();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    producer.finish();
    await closing;
    expect(order).toEqual(['producer stopped', 'bus closed', 'ledger closed']);
  });
});
