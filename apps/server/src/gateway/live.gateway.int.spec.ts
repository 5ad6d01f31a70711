import type { ServerMessage } from '@tablecast/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../testing/test-server';

/** Opens a real websocket to the server and collects the frames it receives. */
async function connect(
  server: TestServer,
): Promise<{ socket: WebSocket; next: () => Promise<ServerMessage> }> {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
  const queue: ServerMessage[] = [];
  const waiters: ((m: ServerMessage) => void)[] = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as ServerMessage;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      resolve();
    });
    socket.once('error', reject);
  });
  const next = (): Promise<ServerMessage> => {
    const queued = queue.shift();
    return queued ? Promise.resolve(queued) : new Promise((resolve) => waiters.push(resolve));
  };
  return { socket, next };
}

describe('websocket gateway at /ws (real ws client)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('greets every connection with the server version', async () => {
    const { socket, next } = await connect(server);
    const hello = await next();
    expect(hello).toMatchObject({ type: 'hello', version: '0.1.0' });
    socket.close();
  });

  it('answers a ping with a pong carrying the same nonce', async () => {
    const { socket, next } = await connect(server);
    await next();
    socket.send(JSON.stringify({ type: 'ping', nonce: 'n-42' }));
    expect(await next()).toMatchObject({ type: 'pong', nonce: 'n-42' });
    socket.close();
  });

  it('rejects a malformed frame naming the problem, and keeps the connection usable', async () => {
    const { socket, next } = await connect(server);
    await next();
    socket.send('not json');
    expect(await next()).toEqual({ type: 'error', code: 'malformed', message: 'frame is not valid JSON' });
    socket.send(JSON.stringify({ type: 'ping' }));
    const missingNonce = await next();
    expect(missingNonce.type === 'error' && missingNonce.message).toContain('field "nonce"');
    socket.send(JSON.stringify({ type: 'ping', nonce: 'still-here' }));
    expect(await next()).toMatchObject({ type: 'pong', nonce: 'still-here' });
    socket.close();
  });

  it('counts open connections in /metrics', async () => {
    const { socket, next } = await connect(server);
    await next();
    const body = await (await fetch(`${server.url}/metrics`)).text();
    expect(body).toMatch(/tablecast_websocket_connections [1-9]/);
    socket.close();
  });
});
