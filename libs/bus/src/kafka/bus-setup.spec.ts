import { describe, expect, it, vi } from 'vitest';
import { BusUnavailableError } from '../errors';
import { connectProducerAndAdmin } from './bus-setup';

/** A client whose connect() settles only when the test says so, recording its disconnects. */
function pendingClient(): {
  client: { connect(): Promise<void>; disconnect(): Promise<void> };
  settle: (error?: Error) => void;
  disconnects: () => number;
} {
  let settle: (error?: Error) => void = () => undefined;
  let disconnects = 0;
  const connecting = new Promise<void>((resolve, reject) => {
    settle = (error) => {
      if (error === undefined) resolve();
      else reject(error);
    };
  });
  return {
    client: {
      connect: () => connecting,
      disconnect: () => {
        disconnects += 1;
        return Promise.resolve();
      },
    },
    settle: (error) => {
      settle(error);
    },
    disconnects: () => disconnects,
  };
}

describe('connectProducerAndAdmin', () => {
  it('fails after connectTimeoutMs without an answer, naming the brokers, and closes both clients once their attempt ends', async () => {
    const producer = pendingClient();
    const admin = pendingClient();
    admin.settle();
    const attempt = connectProducerAndAdmin(['k1:9092', 'k2:9092'], producer.client, admin.client, 20);
    await expect(attempt).rejects.toThrow(
      new BusUnavailableError('cannot connect to brokers k1:9092,k2:9092: no answer within 20 ms'),
    );
    // The producer is still connecting: closing it now would wait for that attempt.
    expect(producer.disconnects()).toBe(0);
    // It answers late: the bus was refused, so its clients must not stay connected.
    producer.settle();
    await vi.waitFor(() => {
      expect([producer.disconnects(), admin.disconnects()]).toEqual([1, 1]);
    });
  });

  it('without connectTimeoutMs waits for the clients, and a refusal names the brokers and the reason', async () => {
    const producer = pendingClient();
    const admin = pendingClient();
    admin.settle();
    const attempt = connectProducerAndAdmin(['k1:9092'], producer.client, admin.client);
    producer.settle(new Error('all brokers down'));
    await expect(attempt).rejects.toThrow('cannot connect to brokers k1:9092: all brokers down');
    expect([producer.disconnects(), admin.disconnects()]).toEqual([1, 1]);
  });

  it('resolves once both clients connect within the timeout', async () => {
    const producer = pendingClient();
    const admin = pendingClient();
    producer.settle();
    admin.settle();
    await expect(
      connectProducerAndAdmin(['k1:9092'], producer.client, admin.client, 60_000),
    ).resolves.toBeUndefined();
    expect([producer.disconnects(), admin.disconnects()]).toEqual([0, 0]);
  });
});
