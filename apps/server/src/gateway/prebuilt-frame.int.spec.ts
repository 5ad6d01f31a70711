import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { Socket } from 'node:net';
import { sendPrebuilt, sendPrebuiltFrames, textFrame } from './prebuilt-frame';

describe('feed frames built once and written to the socket (a real ws client decodes them)', () => {
  let server: WebSocketServer;
  let serverSide: WebSocket;
  let client: WebSocket;
  const received: { text: string; isBinary: boolean }[] = [];

  beforeAll(async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    const connected = once(server, 'connection');
    client = new WebSocket(`ws://127.0.0.1:${String((server.address() as AddressInfo).port)}`);
    client.on('message', (data: Buffer, isBinary) =>
      received.push({ text: data.toString('utf8'), isBinary }),
    );
    [serverSide] = (await connected) as [WebSocket];
    await once(client, 'open');
  });
  afterAll(async () => {
    client.close();
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  });

  it('frames payloads of 7-, 16- and 64-bit lengths as text frames, in order with ws-sent frames', async () => {
    const payloads = [125, 126, 65_535, 65_536, 70_000].map((length, i) =>
      Buffer.from(`{"n":${String(i)},"pad":"${'是'.repeat(Math.max(0, Math.floor((length - 20) / 3)))}"}`),
    );
    for (const payload of payloads) sendPrebuilt(serverSide, payload);
    serverSide.send('{"via":"ws"}');
    sendPrebuilt(serverSide, payloads[0] ?? Buffer.alloc(0));
    const expected = [...payloads.map(String), '{"via":"ws"}', String(payloads[0])];
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(expected.length);
    expect(received.map((r) => r.text)).toEqual(expected);
    expect(received.every((r) => !r.isBinary)).toBe(true);
  });

  it('writes several payloads to the socket in one write, which the client decodes as separate frames in order', async () => {
    received.length = 0;
    const socket = (serverSide as unknown as { _socket: Socket })._socket;
    // Calls through: the client below decodes what was really written.
    const write = vi.spyOn(socket, 'write');
    try {
      const burst = [10, 200, 70_000].map((length, i) =>
        Buffer.from(`{"burst":${String(i)},"pad":"${'x'.repeat(length)}"}`),
      );
      sendPrebuiltFrames(serverSide, burst);
      sendPrebuiltFrames(serverSide, [Buffer.from('{"alone":true}')]);
      sendPrebuiltFrames(serverSide, []);
      const expected = [...burst.map(String), '{"alone":true}'];
      await expect.poll(() => received.length, { timeout: 5_000 }).toBe(expected.length);
      expect(received.map((r) => r.text)).toEqual(expected);
      expect(received.every((r) => !r.isBinary)).toBe(true);
      expect(write.mock.calls.map(([chunk]) => (chunk as Buffer).length)).toEqual([
        burst.reduce((bytes, payload) => bytes + textFrame(payload).length, 0),
        textFrame(Buffer.from('{"alone":true}')).length,
      ]);
    } finally {
      write.mockRestore();
    }
  });

  it('builds the RFC 6455 header: FIN + text, unmasked, the length in 7, 16 or 64 bits', () => {
    expect([...textFrame(Buffer.from('hi'))]).toEqual([0x81, 2, 0x68, 0x69]);
    expect([...textFrame(Buffer.alloc(126)).subarray(0, 4)]).toEqual([0x81, 126, 0, 126]);
    expect([...textFrame(Buffer.alloc(65_536)).subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]);
  });
});
