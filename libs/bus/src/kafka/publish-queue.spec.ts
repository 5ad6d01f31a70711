import { describe, expect, it } from 'vitest';
import type { BusMessage } from '../bus-message';
import { frame, range } from '../contract/fixtures';
import { PublishQueue } from './publish-queue';

/** A send that records its batches and completes only when the test says so. */
function controlledSend(): {
  batches: number[][];
  finish: (error?: Error) => void;
  send: (batch: readonly BusMessage[]) => Promise<void>;
} {
  const batches: number[][] = [];
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  return {
    batches,
    finish: (error) => {
      const next = pending.shift();
      if (error === undefined) next?.resolve();
      else next?.reject(error);
    },
    send: (batch) =>
      new Promise<void>((resolve, reject) => {
        batches.push(batch.map((message) => message.seq));
        pending.push({ resolve, reject });
      }),
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('PublishQueue', () => {
  it('never overlaps sends, and batches what arrived meanwhile in call order', async () => {
    const wire = controlledSend();
    const queue = new PublishQueue(wire.send, 100);
    const sent = range(6).map((seq) => queue.enqueue(frame('venue', 'm', seq)));
    await tick();
    expect(wire.batches).toEqual([[0]]);

    wire.finish();
    await tick();
    expect(wire.batches).toEqual([[0], [1, 2, 3, 4, 5]]);
    wire.finish();
    await Promise.all(sent);
  });

  it('caps a batch at maxBatch', async () => {
    const wire = controlledSend();
    const queue = new PublishQueue(wire.send, 2);
    const sent = range(5).map((seq) => queue.enqueue(frame('venue', 'm', seq)));
    for (let i = 0; i < 3; i += 1) {
      await tick();
      wire.finish();
    }
    await Promise.all(sent);
    expect(wire.batches).toEqual([[0], [1, 2], [3, 4]]);
  });

  it('rejects only the publishes of a failed batch and goes on with the next', async () => {
    const wire = controlledSend();
    const queue = new PublishQueue(wire.send, 100);
    const first = queue.enqueue(frame('venue', 'm', 0));
    const second = queue.enqueue(frame('venue', 'm', 1));
    await tick();
    wire.finish(new Error('broker said no'));
    await expect(first).rejects.toThrow('broker said no');
    await tick();
    wire.finish();
    await expect(second).resolves.toBeUndefined();
    expect(wire.batches).toEqual([[0], [1]]);
  });

  it('flush waits for everything enqueued before it', async () => {
    const wire = controlledSend();
    const queue = new PublishQueue(wire.send, 100);
    let flushed = false;
    void queue.enqueue(frame('venue', 'm', 0));
    const flushing = queue.flush().then(() => (flushed = true));
    await tick();
    expect(flushed).toBe(false);
    wire.finish();
    await flushing;
    expect(flushed).toBe(true);
  });

  it('holds at most maxQueued messages (the batch in flight included), refuses the next, and takes more once the brokers answer', async () => {
    const wire = controlledSend();
    const queue = new PublishQueue(wire.send, 2, 3);
    const accepted = range(3).map((seq) => queue.enqueue(frame('venue', 'm', seq)));
    await tick();
    expect(queue.size).toBe(3);
    await expect(queue.enqueue(frame('venue', 'm', 3))).rejects.toThrow(
      'feed bus unavailable: publish queue full: 3 messages wait for Kafka, match m venue seq 3 was refused',
    );
    wire.finish();
    await tick();
    // Seq 0 went out alone (it was the only one waiting); 1 and 2 are the batch in flight now.
    expect(queue.size).toBe(2);
    const later = queue.enqueue(frame('venue', 'm', 4));
    await expect(queue.enqueue(frame('venue', 'm', 5))).rejects.toThrow('publish queue full: 3 messages');
    wire.finish();
    await tick();
    wire.finish();
    await Promise.all([...accepted, later]);
    expect(wire.batches).toEqual([[0], [1, 2], [4]]);
    expect(queue.size).toBe(0);
  });
});
