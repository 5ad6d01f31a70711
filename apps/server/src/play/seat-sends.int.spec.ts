import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { sendSeatFrame } from './seat-sends';

/** Texts around the header's length boundaries, counted in UTF-8 bytes (a 是 is three). */
const texts = [
  '',
  '{"type":"pong"}',
  'x'.repeat(125),
  'x'.repeat(126),
  `"${'是'.repeat(50)}"`, // 50 characters, 152 bytes: a 16-bit length
  'y'.repeat(65_535),
  'z'.repeat(65_536),
  `"${'🂡'.repeat(20_000)}"`, // 80,002 bytes: a 64-bit length
];

interface Connected {
  readonly serverSide: WebSocket;
  readonly received: string[];
}

describe('a seat frame written whole to its socket (a real ws server and client)', () => {
  const servers: WebSocketServer[] = [];
  const clients: WebSocket[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.terminate();
    for (const server of servers.splice(0))
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
  });

  async function connect(perMessageDeflate = false): Promise<Connected> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate });
    servers.push(server);
    await once(server, 'listening');
    const connected = once(server, 'connection');
    const client = new WebSocket(`ws://127.0.0.1:${String((server.address() as AddressInfo).port)}`, {
      perMessageDeflate,
    });
    clients.push(client);
    const received: string[] = [];
    client.on('message', (data: Buffer, isBinary) => {
      received.push(isBinary ? '(binary)' : data.toString('utf8'));
    });
    const [serverSide] = (await connected) as [WebSocket];
    await once(client, 'open');
    return { serverSide, received };
  }

  it('writes the very bytes ws.send writes, in one write, and the client reads the texts in order', async () => {
    const { serverSide, received } = await connect();
    const socket = (serverSide as unknown as { _socket: Socket })._socket;
    // Calls through: the client below decodes what was really written.
    const write = vi.spyOn(socket, 'write');
    // ws writes a header and the text itself (a string, written as UTF-8).
    const written = (): Buffer =>
      Buffer.concat(
        write.mock.calls.map(([chunk]) =>
          typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer),
        ),
      );
    for (const text of texts) {
      write.mockClear();
      serverSide.send(text);
      const byWs = written();
      write.mockClear();
      sendSeatFrame(serverSide, text);
      expect(write).toHaveBeenCalledTimes(1);
      expect(written().equals(byWs), `${String(text.length)} characters`).toBe(true);
    }
    const expected = texts.flatMap((text) => [text, text]);
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(expected.length);
    expect(received).toEqual(expected);
  });

  it('leaves a compressed connection to ws.send, whose queue a direct write would overtake', async () => {
    const { serverSide, received } = await connect(true);
    expect(serverSide.extensions).not.toBe('');
    const send = vi.spyOn(serverSide, 'send');
    for (const text of texts) sendSeatFrame(serverSide, text);
    expect(send).toHaveBeenCalledTimes(texts.length);
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(texts.length);
    expect(received).toEqual(texts);
  });

  it('writes nothing once the socket is closing', async () => {
    const { serverSide } = await connect();
    const socket = (serverSide as unknown as { _socket: Socket })._socket;
    serverSide.close(1000, 'done');
    const write = vi.spyOn(socket, 'write');
    sendSeatFrame(serverSide, '{"type":"view"}');
    expect(write).not.toHaveBeenCalled();
  });
});
