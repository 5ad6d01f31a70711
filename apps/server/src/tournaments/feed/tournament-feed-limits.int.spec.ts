import type { TournamentFeedServerMessage } from '@tablecast/protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { TEST_TOKENS } from '../../testing/staff-tokens';
import { staffedServerForSuite } from '../../testing/staffed-server';

interface Client {
  readonly socket: WebSocket;
  readonly received: TournamentFeedServerMessage[];
  readonly closed: Promise<{ code: number; reason: string }>;
}

/** A real ws client of /ws/tournament; `autoPong: false` makes one whose network went away. */
async function open(url: string, options: WebSocket.ClientOptions = {}): Promise<Client> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/ws/tournament`, options);
  const received: TournamentFeedServerMessage[] = [];
  socket.on('message', (data: Buffer) => {
    received.push(JSON.parse(data.toString('utf8')) as TournamentFeedServerMessage);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code: number, reason: Buffer) => {
      resolve({ code, reason: reason.toString('utf8') });
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      resolve();
    });
    socket.once('error', reject);
  });
  return { socket, received, closed };
}

const isOpen = (client: Client): boolean => client.socket.readyState === WebSocket.OPEN;

describe('/ws/tournament limits (real server, real websockets)', () => {
  const suite = staffedServerForSuite({
    TOURNAMENT_WS_MAX_CONNECTIONS: '6',
    TOURNAMENT_WS_MAX_PER_ADDRESS: '4',
    TOURNAMENT_WS_HEARTBEAT_MS: '400',
    WS_MAX_PAYLOAD: '4096',
  });
  const url = (): string => suite.server.url;

  beforeAll(async () => {
    const created = await fetch(`${url()}/api/tournaments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_TOKENS.arbiter}` },
      body: JSON.stringify({
        tournamentId: 'limits_cup',
        name: 'Limits Cup',
        ruleset: 'cga2017',
        stages: [{ format: 'swiss', venue: 'onSite', rounds: 3, unit: { games: 1, bestOf: false } }],
      }),
    });
    expect(created.status).toBe(201);
  }, 60_000);

  const watch = (client: Client): void => {
    client.socket.send(JSON.stringify({ type: 'watchTournament', tournamentId: 'limits_cup' }));
  };

  it('refuses past TOURNAMENT_WS_MAX_PER_ADDRESS and TOURNAMENT_WS_MAX_CONNECTIONS with 1013 and the setting, and gives places back', async () => {
    const mine = await Promise.all(Array.from({ length: 4 }, () => open(url())));
    mine.forEach(watch);
    const fifth = await open(url());
    expect(await fifth.closed).toEqual({ code: 1013, reason: 'over TOURNAMENT_WS_MAX_PER_ADDRESS' });
    expect(fifth.received[0]).toMatchObject({ type: 'error', code: 'limit' });
    // Another loopback address has its own allowance, up to the process's 6.
    const others = await Promise.all(
      Array.from({ length: 2 }, () => open(url(), { localAddress: '127.0.0.2' })),
    );
    others.forEach(watch);
    const seventh = await open(url(), { localAddress: '127.0.0.2' });
    expect(await seventh.closed).toEqual({ code: 1013, reason: 'over TOURNAMENT_WS_MAX_CONNECTIONS' });
    // The admitted ones are served.
    await vi.waitFor(() => {
      for (const client of [...mine, ...others])
        expect(client.received.some((m) => m.type === 'tournament')).toBe(true);
    });
    for (const client of [...mine, ...others]) client.socket.close();
    await Promise.all([...mine, ...others].map((client) => client.closed));
    // Their places are given back once they close.
    await vi.waitFor(async () => {
      const again = await open(url());
      watch(again);
      try {
        await vi.waitFor(() => {
          expect(again.received.some((m) => m.type === 'tournament')).toBe(true);
        });
      } finally {
        again.socket.close();
        await again.closed;
      }
    });
  });

  it('closes a message over WS_MAX_PAYLOAD with 1009', async () => {
    const client = await open(url());
    client.socket.send(
      JSON.stringify({ type: 'watchTournament', tournamentId: 'limits_cup', pad: 'x'.repeat(8192) }),
    );
    expect((await client.closed).code).toBe(1009);
    expect(client.received).toEqual([]);
  });

  it('keeps a watching page that answers pings, cuts one that stopped answering, and closes one that never watches with 1008', async () => {
    const live = await open(url());
    const silent = await open(url(), { autoPong: false });
    const idle = await open(url());
    watch(live);
    watch(silent);
    await vi.waitFor(() => {
      expect(live.received.some((m) => m.type === 'tournament')).toBe(true);
      expect(silent.received.some((m) => m.type === 'tournament')).toBe(true);
    });
    const idleClosed = await idle.closed;
    expect(idleClosed).toEqual({ code: 1008, reason: 'idle: no watchTournament' });
    expect(idle.received).toContainEqual(expect.objectContaining({ type: 'error', code: 'idle' }));
    // The silent one is cut (no close frame: 1006) after a ping it did not answer.
    expect((await silent.closed).code).toBe(1006);
    // The live page has answered several heartbeats by now and is still served.
    let pings = 0;
    live.socket.on('ping', () => {
      pings += 1;
    });
    await vi.waitFor(
      () => {
        expect(pings).toBeGreaterThanOrEqual(3);
      },
      { timeout: 10_000 },
    );
    expect(isOpen(live)).toBe(true);
    live.socket.close();
    await live.closed;
  });
});
