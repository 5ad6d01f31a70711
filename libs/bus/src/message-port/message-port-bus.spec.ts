import { MessageChannel, Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { describeFeedBusContract } from '../contract/feed-bus.contract';
import { frame, range } from '../contract/fixtures';
import { Recorder } from '../contract/recorder';
import { waitFor } from '../contract/wait-for';
import { BusConfigurationError } from '../errors';
import { createInProcessBus } from '../in-process/in-process-bus';
import type { FeedBus } from '../port';
import { createMessagePortPublisher } from './port-publisher';
import { relayMessagePort } from './port-relay';

/** A publisher on one end of a channel, relayed into an in-process bus on the other. */
function portBus(): FeedBus {
  const { port1, port2 } = new MessageChannel();
  const publisher = createMessagePortPublisher(port1);
  const receiving = createInProcessBus();
  const relay = relayMessagePort(port2, receiving);
  return {
    publish: (message) => publisher.publish(message),
    subscribe: (handler, options) => receiving.subscribe(handler, options),
    readLatest: (handler, options) => receiving.readLatest(handler, options),
    close: async () => {
      await publisher.close();
      relay.close();
      await receiving.close();
    },
  };
}

/** A publisher relayed into an in-process bus, and a gateway recording what that bus delivers. */
async function relayedToRecorder() {
  const { port1, port2 } = new MessageChannel();
  const publisher = createMessagePortPublisher(port1);
  const receiving = createInProcessBus();
  const relay = relayMessagePort(port2, receiving);
  const gateway = new Recorder();
  await receiving.subscribe(gateway.handler);
  return { publisher, relay, gateway };
}

describeFeedBusContract('message port', () => Promise.resolve(portBus()), {
  testTimeoutMs: 5_000,
  deliveryTimeoutMs: 2_000,
  quietPeriodMs: 20,
  concurrent: false,
});

describe('message port bus specifics', () => {
  it('sends what the publisher reads off a frame beside it, read before the bytes are handed over, to the relay before the bus', async () => {
    const { port1, port2 } = new MessageChannel();
    const publisher = createMessagePortPublisher(port1, {
      beside: (message) =>
        message.audience === 'broadcast' ? { length: (message.payload as Buffer).byteLength } : undefined,
    });
    const receiving = createInProcessBus();
    const besides: [number, unknown][] = [];
    const relay = relayMessagePort(port2, receiving, {
      onBeside: (message, beside) => besides.push([message.seq, beside]),
    });
    const gateway = new Recorder();
    // Each frame reaches the bus after its beside reached the relay's listener.
    await receiving.subscribe((message) => {
      if (message.audience === 'broadcast') expect(besides.map(([seq]) => seq)).toContain(message.seq);
      return gateway.handler(message);
    });
    const payload = Buffer.from(`{"view":"${'x'.repeat(8192)}"}`, 'utf8');
    await publisher.publish({ audience: 'broadcast', matchId: 'm-1', seq: 1, payload });
    await publisher.publish({ audience: 'venue', matchId: 'm-1', seq: 1, payload: '{}' });
    await publisher.publish({ audience: 'broadcast', matchId: 'm-1', seq: 2, payload: Buffer.from('{}') });

    await waitFor('the frames', () => gateway.received.length === 3, { timeoutMs: 2_000 });
    expect(besides, 'only the broadcast frames had something beside them').toEqual([
      [1, { length: 8203 }],
      [2, { length: 2 }],
    ]);
    await publisher.close();
    relay.close();
    await receiving.close();
  });

  it('hands a payload that owns its bytes over without a copy: the receiver sees them, the sender no longer', async () => {
    const { publisher, relay, gateway } = await relayedToRecorder();
    // 8 KiB: Node gives it an ArrayBuffer of its own, not a slice of its pool.
    const payload = Buffer.from(`{"view":"${'x'.repeat(8192)}"}`, 'utf8');
    const expected = Buffer.from(payload);
    expect(payload.byteLength).toBe(payload.buffer.byteLength);

    await publisher.publish({ audience: 'broadcast', matchId: 'm-1', seq: 0, payload });
    expect(payload.byteLength, 'the sender no longer holds the transferred bytes').toBe(0);

    await waitFor('the frame', () => gateway.received.length === 1, { timeoutMs: 2_000 });
    const received = gateway.received[0]?.payload as Buffer;
    expect(Buffer.isBuffer(received)).toBe(true);
    expect(Buffer.compare(received, expected)).toBe(0);
    expect(received.byteLength, 'the Buffer is a view of the transferred bytes').toBe(
      received.buffer.byteLength,
    );
    await publisher.close();
    relay.close();
  });

  it('copies out a pooled payload so its neighbours in the pool keep their bytes', async () => {
    const { publisher, relay, gateway } = await relayedToRecorder();
    const neighbour = Buffer.from('a neighbour in the pool', 'utf8');
    const payload = Buffer.from('{"t":"snapshot"}', 'utf8');
    expect(payload.buffer, 'both small Buffers share the pool').toBe(neighbour.buffer);

    await publisher.publish({ audience: 'venue', matchId: 'm-1', seq: 0, payload });

    expect(neighbour.toString('utf8')).toBe('a neighbour in the pool');
    expect(payload.toString('utf8')).toBe('{"t":"snapshot"}');
    await waitFor('the frame', () => gateway.received.length === 1, { timeoutMs: 2_000 });
    expect((gateway.received[0]?.payload as Buffer).toString('utf8')).toBe('{"t":"snapshot"}');
    await publisher.close();
    relay.close();
  });

  it('close() resolves only after every frame published before it reached the receiving bus', async () => {
    const { publisher, relay, gateway } = await relayedToRecorder();
    for (const seq of range(200)) void publisher.publish(frame('broadcast', 'm-1', seq));

    await publisher.close();

    expect(gateway.seqs('m-1')).toEqual(range(200));
    expect(relay.ended).toBe(true);
    relay.close();
  });

  it('close() resolves when the receiving end went away without answering', async () => {
    const { port1, port2 } = new MessageChannel();
    const publisher = createMessagePortPublisher(port1);
    port2.close();
    await expect(publisher.close()).resolves.toBeUndefined();
  });

  it('takes no subscribers on the publishing end: they subscribe where it relays to', async () => {
    const { port1, port2 } = new MessageChannel();
    const publisher = createMessagePortPublisher(port1);
    await expect(publisher.subscribe(() => undefined)).rejects.toThrow(BusConfigurationError);
    await expect(publisher.readLatest(() => undefined)).rejects.toThrow('read the bus it relays into');
    port2.close();
    await publisher.close();
  });

  it('relays what a real worker thread posts, bytes and order intact', async () => {
    const { port1, port2 } = new MessageChannel();
    const receiving = createInProcessBus();
    const relay = relayMessagePort(port2, receiving);
    const gateway = new Recorder();
    await receiving.subscribe(gateway.handler);
    // The worker speaks the wire format by hand (it cannot load this TypeScript source): 50 binary
    // frames, transferred, then the end.
    const worker = new Worker(
      `const { workerData } = require('node:worker_threads');
       const port = workerData.port;
       for (let seq = 0; seq < 50; seq += 1) {
         const bytes = Buffer.from(JSON.stringify({ seq, pad: 'y'.repeat(5000) }), 'utf8');
         const own = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
         port.postMessage({ kind: 'frame', audience: 'broadcast', matchId: 'm-w', seq, bytes: own }, [own]);
       }
       port.on('message', (m) => { if (m.kind === 'ended') port.close(); });
       port.postMessage({ kind: 'end' });`,
      { eval: true, workerData: { port: port1 }, transferList: [port1] },
    );
    const exited = new Promise((resolve) => worker.once('exit', resolve));

    await waitFor('50 frames from the worker', () => gateway.received.length === 50, { timeoutMs: 5_000 });
    await exited;
    expect(gateway.seqs('m-w')).toEqual(range(50));
    const seqs = gateway.received.map(
      (m) => (JSON.parse((m.payload as Buffer).toString('utf8')) as { seq: number }).seq,
    );
    expect(seqs).toEqual(range(50));
    expect(relay.ended).toBe(true);
    relay.close();
  });
});
