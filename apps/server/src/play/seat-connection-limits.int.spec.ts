import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MatchClient, newDoudizhuMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import { SeatSocket } from './seat-socket.testing';

/**
 * The player terminal's websocket has caps, overall and per seat (PLAY_MAX_CONNECTIONS,
 * PLAY_MAX_CONNECTIONS_PER_SEAT): real sockets against the real server, set low here. A refused
 * connection is told which setting refused it and closed with 1013; a closed one frees its place.
 */
const MATCH = 'ddz_seat_limits_t1';
const WAIT = { timeout: 10_000, interval: 20 };

let server: TestServer;
let tokens: Record<string, string>;
const opened: SeatSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    TABLECAST_TOKENS: TEST_TOKENS_SPEC,
    PLAY_MAX_CONNECTIONS: '3',
    PLAY_MAX_CONNECTIONS_PER_SEAT: '2',
  });
  const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
  expect((await operator.request('POST', '/api/matches', newDoudizhuMatchRequest(MATCH, 't1'))).status).toBe(
    201,
  );
  const issued = await operator.request<{ seats: { seat: string; token: string }[] }>(
    'POST',
    `/api/matches/${MATCH}/seat-tokens`,
  );
  expect(issued.status).toBe(201);
  tokens = Object.fromEntries(issued.body.seats.map((s) => [s.seat, s.token]));
});
afterAll(async () => {
  for (const socket of opened) socket.close();
  await server.stop();
});

interface Opened {
  readonly socket: SeatSocket;
  readonly closed: Promise<{ code: number; reason: string }>;
}

async function connect(): Promise<Opened> {
  const socket = await SeatSocket.open(server.url);
  opened.push(socket);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.socket.once('close', (code: number, reason: Buffer) => {
      resolve({ code, reason: reason.toString('utf8') });
    });
  });
  return { socket, closed };
}

async function joined(seat: string): Promise<Opened> {
  const client = await connect();
  client.socket.send({ type: 'join', token: tokens[seat] });
  await vi.waitFor(() => {
    expect(client.socket.frames.map((f) => f.frame.type)).toContain('joined');
  }, WAIT);
  return client;
}

/** A raw socket listened to from before it opens: a refusal's frame comes with the handshake. */
async function refusedAtHandshake(): Promise<{
  frames: unknown[];
  closed: { code: number; reason: string };
}> {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws/play`);
  const frames: unknown[] = [];
  socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8'))));
  const closed = await new Promise<{ code: number; reason: string }>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', (code: number, reason: Buffer) => {
      resolve({ code, reason: reason.toString('utf8') });
    });
  });
  return { frames, closed };
}

const errorsOf = (socket: SeatSocket): unknown[] =>
  socket.frames.filter((f) => f.frame.type === 'error').map((f) => f.frame);

describe('/ws/play connection limits (real sockets)', () => {
  it('refuses a seat past PLAY_MAX_CONNECTIONS_PER_SEAT and any connection past PLAY_MAX_CONNECTIONS, then frees their places', async () => {
    const first = await joined('0');
    await joined('0');
    // A third tablet on seat 0: told why, closed with 1013 naming the setting.
    const third = await connect();
    third.socket.send({ type: 'join', token: tokens['0'] });
    expect(await third.closed).toEqual({ code: 1013, reason: 'over PLAY_MAX_CONNECTIONS_PER_SEAT' });
    expect(errorsOf(third.socket)).toEqual([
      {
        type: 'error',
        code: 'limit',
        message: 'seat 0 refused: PLAY_MAX_CONNECTIONS_PER_SEAT (2) connections are open',
      },
    ]);

    // Another seat still joins: the cap is per seat. That is the process's third connection.
    await joined('1');
    const fourth = await refusedAtHandshake();
    expect(fourth.closed).toEqual({ code: 1013, reason: 'over PLAY_MAX_CONNECTIONS' });
    expect(fourth.frames).toEqual([
      {
        type: 'error',
        code: 'limit',
        message: 'connection refused: PLAY_MAX_CONNECTIONS (3) connections are open',
      },
    ]);

    // A closed socket frees its place overall and on its seat: seat 0 may join again.
    first.socket.close();
    await first.closed;
    // (the server may see the close a moment after the client does: a refused try is tried again)
    await vi.waitFor(async () => {
      const again = await connect();
      again.socket.send({ type: 'join', token: tokens['0'] });
      const answer = await vi.waitFor(() => {
        const frame = again.socket.frames.find((f) => f.frame.type === 'joined' || f.frame.type === 'error');
        if (frame === undefined) throw new Error('no answer to the join yet');
        return frame.frame;
      }, WAIT);
      expect(answer).toMatchObject({ type: 'joined', matchId: MATCH, seat: '0' });
    }, WAIT);
  });
});
