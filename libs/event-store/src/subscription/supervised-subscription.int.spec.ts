import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { numberedPass } from '../contract/fixtures';
import { createEventStore, type EventStore } from '../event-store';
import type { EventLog, StoredEvent, SubscribeOptions, Subscription } from '../port';
import { positionToString } from '../position';
import { SqliteEventLog } from '../sqlite/sqlite-event-log';
import { storeTestCatalog, type StoreTestEvent } from '../contract/store-catalog';

/** What the n-th subscription the faulty log hands out does after delivering `after` events. */
interface Fault {
  readonly after: number;
  readonly then: 'throw' | 'end';
}

/**
 * The real SQLite log, whose subscriptions fail as a dropped gRPC connection does: an error after
 * some events, or an end nobody asked for. Each subscription takes the next fault; then it behaves.
 */
function faultyLog(log: SqliteEventLog, faults: Fault[], opened: string[]): EventLog {
  const subscribeToAll = (options?: SubscribeOptions): Subscription<StoredEvent> => {
    const from = options?.fromPosition;
    opened.push(from === undefined || from === 'start' ? 'start' : positionToString(from));
    const fault = faults.shift();
    const inner = log.subscribeToAll(options);
    if (fault === undefined) return inner;
    return {
      async *[Symbol.asyncIterator]() {
        let delivered = 0;
        if (fault.after > 0) {
          for await (const event of inner) {
            yield event;
            delivered += 1;
            if (delivered === fault.after) break;
          }
        }
        await inner.close();
        if (fault.then === 'throw') throw new Error('14 UNAVAILABLE: connection dropped');
      },
      close: () => inner.close(),
    };
  };
  const faulty: EventLog = Object.create(log) as SqliteEventLog;
  faulty.subscribeToAll = subscribeToAll;
  return faulty;
}

let dataDir: string;
let log: SqliteEventLog;
let store: EventStore<StoreTestEvent> | undefined;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-supervised-'));
  log = new SqliteEventLog({ dataDir });
  await log.append(
    'match-supervised',
    Array.from({ length: 10 }, (_, n) => numberedPass(n, 'supervised')),
    'no_stream',
  );
});

afterEach(async () => {
  await (store ?? log).close();
  store = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Reads `count` events off a subscription, then closes it. */
async function take(subscription: Subscription<{ revision: number }>, count: number): Promise<number[]> {
  const revisions: number[] = [];
  for await (const event of subscription) {
    revisions.push(event.revision);
    if (revisions.length === count) break;
  }
  await subscription.close();
  return revisions;
}

describe('a supervised log subscription', () => {
  it('resubscribes after an error and after an unasked end, from the last event delivered: each event once, in order', async () => {
    const opened: string[] = [];
    const faults: Fault[] = [
      { after: 3, then: 'throw' },
      { after: 0, then: 'throw' },
      { after: 4, then: 'end' },
    ];
    store = createEventStore({
      log: faultyLog(log, faults, opened),
      catalog: storeTestCatalog,
      supervision: { retryDelayMs: () => 5 },
    });
    const subscription = store.subscribeToAll();
    const revisions = await take(subscription, 10);
    expect(revisions).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Each resubscription starts after the last event delivered (the port's fromPosition is exclusive).
    expect(opened).toEqual(['start', '3', '3', '7']);
    // And live events appended later still arrive on the resubscribed stream.
    const later = store.subscribeToAll({
      fromPosition: (await log.readStream('match-supervised')).at(-1)?.position,
    });
    await log.append('match-supervised', [numberedPass(10, 'supervised')], 9);
    expect(await take(later, 1)).toEqual([10]);
  });

  it('reports not ready while resubscribing, naming the failure, and ready again once events flow', async () => {
    const opened: string[] = [];
    store = createEventStore({
      log: faultyLog(log, [{ after: 2, then: 'throw' }], opened),
      catalog: storeTestCatalog,
      supervision: { retryDelayMs: () => 200 },
    });
    const current = store;
    expect(current.subscriptionHealth()).toEqual({ ok: true });
    const subscription = current.subscribeToAll();
    const iterator = subscription[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.next();
    const third = iterator.next();
    await vi.waitFor(() => {
      expect(current.subscriptionHealth().ok).toBe(false);
    });
    expect(current.subscriptionHealth().detail).toContain('14 UNAVAILABLE: connection dropped');
    expect(current.subscriptionHealth().detail).toContain('next try in 200 ms');
    expect((await third).value).toMatchObject({ revision: 2 });
    expect(current.subscriptionHealth()).toEqual({ ok: true });
    await subscription.close();
    expect(current.subscriptionHealth()).toEqual({ ok: true });
  });

  it('counts as live again after the settle time when no event comes to prove it', async () => {
    const opened: string[] = [];
    store = createEventStore({
      log: faultyLog(log, [{ after: 10, then: 'throw' }], opened),
      catalog: storeTestCatalog,
      supervision: { retryDelayMs: () => 5, settleMs: 50 },
    });
    const current = store;
    const subscription = current.subscribeToAll();
    const iterator = subscription[Symbol.asyncIterator]();
    for (let n = 0; n < 10; n += 1) await iterator.next();
    const eleventh = iterator.next();
    await vi.waitFor(() => {
      expect(opened).toHaveLength(2);
    });
    await vi.waitFor(() => {
      expect(current.subscriptionHealth()).toEqual({ ok: true });
    });
    await subscription.close();
    expect((await eleventh).done).toBe(true);
  });

  it('close during the backoff ends the iteration at once, without resubscribing', async () => {
    const opened: string[] = [];
    store = createEventStore({
      log: faultyLog(log, [{ after: 1, then: 'throw' }], opened),
      catalog: storeTestCatalog,
      supervision: { retryDelayMs: () => 60_000 },
    });
    const current = store;
    const subscription = current.subscribeToAll();
    const iterator = subscription[Symbol.asyncIterator]();
    await iterator.next();
    const pending = iterator.next();
    await vi.waitFor(() => {
      expect(current.subscriptionHealth().ok).toBe(false);
    });
    await subscription.close();
    expect((await pending).done).toBe(true);
    expect(opened).toEqual(['start']);
    expect(current.subscriptionHealth()).toEqual({ ok: true });
  });

  it("an error the consumer throws is the consumer's: the subscription ends, nothing resubscribes", async () => {
    const opened: string[] = [];
    store = createEventStore({ log: faultyLog(log, [], opened), catalog: storeTestCatalog });
    const subscription = store.subscribeToAll();
    await expect(
      (async () => {
        for await (const event of subscription) if (event.revision === 4) throw new Error('projection bug');
      })(),
    ).rejects.toThrow('projection bug');
    expect(opened).toEqual(['start']);
  });

  it('the head check reaches the subscriber once, although the resubscription checks again', async () => {
    let opens = 0;
    const flaky: EventLog = Object.create(log) as SqliteEventLog;
    flaky.subscribeToAll = (options?: SubscribeOptions): Subscription<StoredEvent> => {
      opens += 1;
      if (opens > 1) return log.subscribeToAll(options);
      // Caught up, then the connection drops before any event.
      return {
        // eslint-disable-next-line require-yield -- a subscription that fails before its first event
        async *[Symbol.asyncIterator]() {
          options?.onCaughtUp?.(undefined);
          await Promise.resolve();
          throw new Error('14 UNAVAILABLE: connection dropped');
        },
        close: () => Promise.resolve(),
      };
    };
    store = createEventStore({
      log: flaky,
      catalog: storeTestCatalog,
      supervision: { retryDelayMs: () => 5 },
    });
    const heard: string[] = [];
    // From the head: the real resubscription is caught up at once, before the live event.
    const subscription = store.subscribeToAll({
      fromPosition: (await log.readStream('match-supervised')).at(-1)?.position,
      onCaughtUp: (head) => heard.push(head === undefined ? 'empty' : positionToString(head)),
    });
    const live = take(subscription, 1);
    await vi.waitFor(() => {
      expect(opens).toBe(2);
    });
    await log.append('match-supervised', [numberedPass(10, 'supervised')], 9);
    expect(await live).toEqual([10]);
    expect(heard).toEqual(['empty']);
  });

  it('closing the store ends its subscriptions (their consumers see the end), and none resubscribes', async () => {
    const opened: string[] = [];
    const current = createEventStore({ log: faultyLog(log, [], opened), catalog: storeTestCatalog });
    store = current;
    const subscription = current.subscribeToAll();
    const seen: number[] = [];
    const reading = (async () => {
      for await (const event of subscription) seen.push(event.revision);
      return 'ended';
    })();
    await vi.waitFor(() => {
      expect(seen).toHaveLength(10);
    });
    await current.close();
    store = undefined;
    await expect(reading).resolves.toBe('ended');
    expect(opened).toEqual(['start']);
    log = new SqliteEventLog({ dataDir });
  });
});
