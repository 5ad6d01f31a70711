import { describe, expect, it, vi } from 'vitest';
import { DeliveryQueue } from './delivery-queue';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
/** Waits on the log, not on a time window: a loaded machine may run the 20 ms delivery late. */
const WAIT = { timeout: 10_000, interval: 5 };

describe('DeliveryQueue (a Kafka subscription handing frames over after eachBatch returns)', () => {
  it('delivers nothing in the turn it was pushed, then everything in push order, one at a time', async () => {
    const queue = new DeliveryQueue(100);
    const log: string[] = [];
    let running = 0;
    const delivery = (label: string, ms: number) => async (): Promise<void> => {
      running += 1;
      log.push(`${label} start (${String(running)} running)`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`${label} end`);
      running -= 1;
    };
    expect(queue.push(delivery('a', 20))).toBeUndefined();
    expect(queue.push(delivery('b', 1))).toBeUndefined();
    // Still the pushing turn: kafkajs writes its next fetch here, before any handler runs.
    expect(log).toEqual([]);
    // Until a and b are done (the queue has gone idle), then c on a queue that has to start again.
    await vi.waitFor(() => {
      expect(log).toHaveLength(4);
    }, WAIT);
    expect(queue.push(delivery('c', 1))).toBeUndefined();
    await vi.waitFor(() => {
      expect(log).toHaveLength(6);
    }, WAIT);
    expect(log).toEqual([
      'a start (1 running)',
      'a end',
      'b start (1 running)',
      'b end',
      'c start (1 running)',
      'c end',
    ]);
  });

  it('past its limit, push returns the drain, which resolves once every queued delivery is done', async () => {
    const queue = new DeliveryQueue(2);
    const done: number[] = [];
    const delivery = (n: number) => async (): Promise<void> => {
      await tick();
      done.push(n);
    };
    expect(queue.push(delivery(1))).toBeUndefined();
    expect(queue.push(delivery(2))).toBeUndefined();
    const backlog = queue.push(delivery(3));
    expect(backlog).toBeInstanceOf(Promise);
    await backlog;
    expect(done).toEqual([1, 2, 3]);
  });

  it('after close, finishes the delivery in progress and drops the rest', async () => {
    const queue = new DeliveryQueue(100);
    const done: number[] = [];
    let release: () => void = () => undefined;
    const first = async (): Promise<void> => {
      await new Promise<void>((resolve) => (release = resolve));
      done.push(1);
    };
    expect(queue.push(first)).toBeUndefined();
    expect(queue.push(() => Promise.resolve(void done.push(2)))).toBeUndefined();
    await tick();
    const closed = queue.close();
    expect(queue.push(() => Promise.resolve(void done.push(3)))).toBeUndefined();
    release();
    await closed;
    await tick();
    expect(done).toEqual([1]);
  });
});
