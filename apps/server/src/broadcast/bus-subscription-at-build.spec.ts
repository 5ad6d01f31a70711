import {
  createInProcessBus,
  type BusHandler,
  type BusSubscribeOptions,
  type BusSubscription,
  type FeedBus,
} from '@tablecast/bus';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../clock/clock';
import { FeedHub } from '../gateway/feed-hub.service';
import { FeedWatch } from '../producer/feed-watch.service';
import { VenueTables } from '../tournaments/feed/venue-tables.service';

/** The in-process bus, recording each subscription it opened and whether it was closed. */
function recordingBus(): { bus: FeedBus; opened: { closed: boolean }[] } {
  const inner = createInProcessBus();
  const opened: { closed: boolean }[] = [];
  const bus: FeedBus = {
    publish: (message) => inner.publish(message),
    close: () => inner.close(),
    readLatest: (handler, options) => inner.readLatest(handler, options),
    subscribe: async (handler: BusHandler, options?: BusSubscribeOptions): Promise<BusSubscription> => {
      const entry = { closed: false };
      opened.push(entry);
      const subscription = await inner.subscribe(handler, options);
      return {
        close: async () => {
          entry.closed = true;
          await subscription.close();
        },
      };
    },
  };
  return { bus, opened };
}

// On Kafka each subscription waits for its consumer group's first join (3 s on a broker's
// defaults): subscribed when built, the server's subscribers wait for their joins side by side,
// not one module's onModuleInit after another's.
describe('feed-bus subscriptions started when a service is built', () => {
  it('the feed hub, producer feed watch and tournament venue tables subscribe before any hook runs', async () => {
    const { bus, opened } = recordingBus();
    new FeedHub(bus);
    new FeedWatch(bus, systemClock);
    new VenueTables(bus);
    expect(opened).toHaveLength(3);
    await bus.close();
  });

  it('is closed by the service even when its init hook never ran (an app closed mid-boot)', async () => {
    const { bus, opened } = recordingBus();
    const services = [new FeedHub(bus), new FeedWatch(bus, systemClock), new VenueTables(bus)];
    for (const service of services) await service.onModuleDestroy();
    expect(opened.map((entry) => entry.closed)).toEqual([true, true, true]);
    await bus.close();
  });

  it('a failed subscription fails the init hook, and closing afterwards has nothing to close', async () => {
    const inner = createInProcessBus();
    const failing: FeedBus = {
      publish: (message) => inner.publish(message),
      close: () => inner.close(),
      readLatest: (handler, options) => inner.readLatest(handler, options),
      subscribe: () => Promise.reject(new Error('cannot connect to brokers k1:9092')),
    };
    const hub = new FeedHub(failing);
    await expect(hub.onModuleInit()).rejects.toThrow('cannot connect to brokers k1:9092');
    expect(hub.subscribed).toBe(false);
    await expect(hub.onModuleDestroy()).resolves.toBeUndefined();
  });
});
