import type { Type } from '@nestjs/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { SeatViewGateway } from '../play/seat-view.gateway';
import { ProgramGateway } from '../producer/program.gateway';
import { startTestServer, type TestServer } from '../testing/test-server';
import { TournamentFeedGateway } from '../tournaments/feed/tournament-feed.gateway';
import { LiveGateway } from './live.gateway';

interface Gateway {
  handleConnection(socket: WebSocket, ...rest: unknown[]): void;
}

/** Every gateway of the all role, at its path: each reads its own frames, none has Nest handlers. */
const gateways: readonly (readonly [string, Type<Gateway>])[] = [
  ['/ws', LiveGateway],
  ['/ws/play', SeatViewGateway],
  ['/ws/producer', ProgramGateway],
  ['/ws/tournament', TournamentFeedGateway],
];

/**
 * A client's frame is read by its gateway alone: the server's socket has the gateway's one
 * `message` listener and nothing of Nest's, which would parse every frame again for a handler no
 * gateway declares. A malformed frame gets the gateway's own answer, once.
 */
describe('a client frame is handled once, by its gateway (real server, real sockets)', () => {
  let server: TestServer;
  const clients: WebSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.terminate();
    vi.restoreAllMocks();
  });

  it.each(gateways)('%s: one message listener, one answer to a malformed frame', async (path, type) => {
    const connected = vi.spyOn(server.app.get(type), 'handleConnection');
    const { client, frames } = await open(server.url, path);
    const serverSocket = await vi.waitFor(() => {
      const socket = connected.mock.calls[0]?.[0];
      if (socket === undefined) throw new Error('the gateway has not seen the connection yet');
      return socket;
    });
    expect(serverSocket.listenerCount('message')).toBe(1);

    client.send('{"event":"join","data":');
    await vi.waitFor(() => {
      expect(frames.some((f) => f.type === 'error')).toBe(true);
    });
    // A later frame's answer (the seat's pong) proves no second answer to the first was on its way.
    if (path === '/ws/play') {
      client.send(JSON.stringify({ type: 'ping', nonce: 'n1' }));
      await vi.waitFor(() => {
        expect(frames.some((f) => f.type === 'pong')).toBe(true);
      });
      expect(frames.filter((f) => f.type === 'pong')).toHaveLength(1);
    }
    const errors = frames.filter((f) => f.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'malformed' });
  });

  async function open(
    url: string,
    path: string,
  ): Promise<{ client: WebSocket; frames: ({ type: string } & Record<string, unknown>)[] }> {
    const client = new WebSocket(`${url.replace(/^http/, 'ws')}${path}`);
    clients.push(client);
    const frames: ({ type: string } & Record<string, unknown>)[] = [];
    client.on('message', (data: Buffer) => {
      frames.push(JSON.parse(data.toString('utf8')) as { type: string } & Record<string, unknown>);
    });
    await new Promise<void>((resolve, reject) => {
      client.once('open', () => {
        resolve();
      });
      client.once('error', reject);
    });
    return { client, frames };
  }
});
