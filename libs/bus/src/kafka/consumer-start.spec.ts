import { describe, expect, it } from 'vitest';
import { BusUnavailableError } from '../errors';
import { startConsumer, withTimeout } from './consumer-start';

describe('withTimeout', () => {
  it('rejects with BusUnavailableError when the promise is late', async () => {
    await expect(withTimeout(new Promise(() => undefined), 5, 'late')).rejects.toThrow(BusUnavailableError);
  });

  it('resolves when the promise is in time', async () => {
    await expect(withTimeout(Promise.resolve(), 1_000, 'late')).resolves.toBeUndefined();
  });
});

describe('startConsumer', () => {
  const consumer = () => {
    const calls: string[] = [];
    return {
      calls,
      connect: () => {
        calls.push('connect');
        return Promise.resolve();
      },
      disconnect: () => {
        calls.push('disconnect');
        return Promise.resolve();
      },
    };
  };

  it('connects, subscribes and runs, and resolves on the first join', async () => {
    const c = consumer();
    const subscribeAndRun = () => {
      c.calls.push('run');
      return Promise.resolve();
    };
    await startConsumer(c, subscribeAndRun, Promise.resolve(), 'g', 1_000);
    expect(c.calls).toEqual(['connect', 'run']);
  });

  it('disconnects and names the group when the join is late', async () => {
    const c = consumer();
    const start = startConsumer(c, () => Promise.resolve(), new Promise(() => undefined), 'g1', 5);
    await expect(start).rejects.toThrow(BusUnavailableError);
    await expect(start).rejects.toThrow('consumer group g1 did not join within 5 ms');
    expect(c.calls).toEqual(['connect', 'disconnect']);
  });

  it('disconnects and rethrows when subscribing fails', async () => {
    const c = consumer();
    const start = startConsumer(
      c,
      () => Promise.reject(new Error('no topic')),
      Promise.resolve(),
      'g',
      1_000,
    );
    await expect(start).rejects.toThrow('no topic');
    expect(c.calls).toEqual(['connect', 'disconnect']);
  });
});
