import { describe, expect, it } from 'vitest';
import { KeyedSerialQueue } from './keyed-serial-queue';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('KeyedSerialQueue', () => {
  it('runs tasks of one key strictly one after another, in order', async () => {
    const queue = new KeyedSerialQueue();
    const log: string[] = [];
    const task = (name: string) => async (): Promise<string> => {
      log.push(`start ${name}`);
      await tick();
      await tick();
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      queue.run('m1', task('a')),
      queue.run('m1', task('b')),
      queue.run('m1', task('c')),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets different keys interleave', async () => {
    const queue = new KeyedSerialQueue();
    const log: string[] = [];
    const task = (name: string) => async (): Promise<void> => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
    };
    await Promise.all([queue.run('m1', task('a')), queue.run('m2', task('b'))]);
    expect(log.slice(0, 2)).toEqual(['start a', 'start b']);
  });

  it('keeps going after a task fails, and reports that failure to its caller only', async () => {
    const queue = new KeyedSerialQueue();
    const failing = queue.run('m1', () => Promise.reject(new Error('boom')));
    const next = queue.run('m1', () => Promise.resolve('ok'));
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
  });

  it('forgets a key once its work is done', async () => {
    const queue = new KeyedSerialQueue();
    await queue.run('m1', () => Promise.resolve());
    await tick();
    expect(queue.busyKeys).toBe(0);
  });
});
