import type { ServerMessage } from '@tablecast/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { MatchCommandService } from '../matches/match-command.service';
import { driveMatch } from '@tablecast/bots';
import { healthzProbe } from '../testing/healthz-probe';
import { longestStallDuring } from '../testing/loop-stall';
import { startTestServer, type TestServer } from '../testing/test-server';
import { FeedHub } from './feed-hub.service';
import { WAITING_PER_CONNECTION } from './live.gateway';

/** Made-up match ids one socket subscribes to. */
const SPAM = 20_000;
/** Heap growth allowed after the spamming socket closed. */
const HEAP_AFTER_CLOSE_BOUND = 32 * 1024 * 1024;
/** Longest event-loop stall allowed around that socket's disconnect. */
const DISCONNECT_STALL_BOUND_MS = 250;
const HEALTHZ_P99_BOUND_MS = 2_500;

async function openRaw(
  server: TestServer,
  localAddress?: string,
): Promise<{ socket: WebSocket; messages: ServerMessage[] }> {
  const socket = new WebSocket(
    `${server.url.replace('http', 'ws')}/ws`,
    localAddress === undefined ? {} : { localAddress },
  );
  const messages: ServerMessage[] = [];
  socket.on('message', (data: Buffer) => {
    messages.push(JSON.parse(data.toString('utf8')) as ServerMessage);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      resolve();
    });
    socket.once('error', reject);
  });
  return { socket, messages };
}

function closeOf(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    socket.once('close', (code: number, reason: Buffer) => {
      resolve({ code, reason: reason.toString('utf8') });
    });
  });
}

describe('probe: hostile websocket clients (real server over loopback)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      FEED_MAX_SUBSCRIPTIONS: '3',
      WS_MAX_CONNECTIONS: '8',
      WS_MAX_CONNECTIONS_PER_ADDRESS: '5',
    });
    await driveMatch(server.app.get(MatchCommandService), {
      matchId: 'probe_real',
      table: 't1',
      seed: 'hostile-probe',
      ruleset: 'cga2017',
      format: { kind: 'fixedDeals', deals: 1 },
    });
  }, 60_000);
  afterAll(async () => {
    await server.stop();
  });

  it('closes a 1 MiB frame with 1009 and echoes none of it; the server serves on', async () => {
    const { socket, messages } = await openRaw(server);
    const closed = closeOf(socket);
    const huge = JSON.stringify({ type: 'X'.repeat(1024 * 1024) });
    socket.send(huge);
    const { code } = await closed;
    expect(code).toBe(1009);
    expect(messages.map((m) => m.type)).toEqual(['hello']);

    // Under the limit, an unknown type is named by a short prefix only.
    const probe = await FeedSocket.open(server);
    probe.send({ type: 'Y'.repeat(8_000) });
    const error = await probe.until((m) => m.type === 'error');
    expect(error.type === 'error' && error.message.length).toBeLessThan(200);
    probe.send({ type: 'ping', nonce: 'after' });
    expect(await probe.until((m) => m.type === 'pong')).toMatchObject({ nonce: 'after' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await probe.close();
  });

  it('answers made-up match ids by name, keeps nothing of them, and a disconnect does not stall', async () => {
    const hub = server.app.get(FeedHub);
    const channelsBefore = hub.channelCount;
    const heapBefore = process.memoryUsage().heapUsed;
    const spammer = await FeedSocket.open(server);
    for (let i = 0; i < SPAM; i += 1)
      spammer.send({ type: 'subscribe', matchId: `made_up_${String(i)}`, audience: 'venue' });
    await vi.waitFor(
      () => {
        expect(spammer.messages.length).toBeGreaterThanOrEqual(SPAM + 1);
      },
      { timeout: 40_000, interval: 100 },
    );
    const answers = spammer.messages.slice(1);
    const refused = answers.filter((m) => m.type === 'error');
    // A page may wait for a few matches that do not exist yet; FEED_MAX_SUBSCRIPTIONS (3) is lower here.
    expect(answers.filter((m) => m.type === 'subscribed')).toHaveLength(Math.min(3, WAITING_PER_CONNECTION));
    expect(refused).toHaveLength(SPAM - 3);
    expect(refused[0]).toMatchObject({ code: 'limit' });
    expect(refused[0]?.type === 'error' && refused[0].message).toContain('FEED_MAX_SUBSCRIPTIONS');
    expect(refused[0]?.type === 'error' && refused[0].message).toContain('matchId "made_up_3"');
    expect(hub.channelCount).toBe(channelsBefore + 3);

    // The spam is answered; now its socket leaves, with /healthz asked all along.
    const healthz = healthzProbe(server.url);
    const stallMs = await longestStallDuring(async () => {
      await spammer.close();
      await vi.waitFor(
        () => {
          expect(hub.channelCount).toBe(channelsBefore);
        },
        { timeout: 10_000, interval: 50 },
      );
    });
    const p99 = await healthz.stop();
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    console.info(
      `spam probe: heap growth after close ${String(Math.round(heapGrowth / 1048576))} MB, loop stall ${stallMs.toFixed(1)} ms, /healthz p99 ${p99.toFixed(1)} ms`,
    );
    expect(heapGrowth).toBeLessThan(HEAP_AFTER_CLOSE_BOUND);
    expect(stallMs).toBeLessThan(DISCONNECT_STALL_BOUND_MS);
    expect(p99).toBeLessThan(HEALTHZ_P99_BOUND_MS);
  }, 60_000);

  it('refuses unknown matches past the waiting ones by name, with room left under FEED_MAX_SUBSCRIPTIONS', async () => {
    const client = await FeedSocket.open(server);
    client.send({ type: 'subscribe', matchId: 'probe_real', audience: 'venue' });
    await client.until((m) => m.type === 'subscribed');
    for (let i = 0; i < 2; i += 1)
      client.send({ type: 'subscribe', matchId: `not_yet_${String(i)}`, audience: 'venue' });
    client.send({ type: 'subscribe', matchId: 'probe_real', audience: 'broadcast' });
    const refused = await client.until((m) => m.type === 'error');
    expect(refused).toMatchObject({ code: 'limit' });
    expect(refused.type === 'error' && refused.message).toContain('matchId "probe_real"');
    client.send({ type: 'unsubscribe', matchId: 'not_yet_0' });
    client.send({ type: 'subscribe', matchId: 'probe_real', audience: 'broadcast' });
    await client.until((m) => m.type === 'subscribed' && m.audience === 'broadcast');
    await client.close();
  });

  it('refuses connections past WS_MAX_CONNECTIONS_PER_ADDRESS and WS_MAX_CONNECTIONS with 1013 and the setting', async () => {
    const open = await Promise.all(Array.from({ length: 5 }, () => openRaw(server)));
    const sixth = await openRaw(server);
    const sixthClosed = await closeOf(sixth.socket);
    expect(sixthClosed).toEqual({ code: 1013, reason: 'over WS_MAX_CONNECTIONS_PER_ADDRESS' });
    expect(sixth.messages[0]).toMatchObject({ type: 'error', code: 'limit' });
    // Another loopback address has its own allowance, up to the process's 8.
    const others = await Promise.all(Array.from({ length: 3 }, () => openRaw(server, '127.0.0.2')));
    const ninth = await openRaw(server, '127.0.0.2');
    expect(await closeOf(ninth.socket)).toEqual({ code: 1013, reason: 'over WS_MAX_CONNECTIONS' });
    for (const { socket } of [...open, ...others]) socket.close();
    // Their places are given back once they close.
    await vi.waitFor(
      async () => {
        const again = await openRaw(server);
        expect(again.messages.length === 0 || again.messages[0]?.type === 'hello').toBe(true);
        const hello = await new Promise<boolean>((resolve) => {
          if (again.messages[0]?.type === 'hello') resolve(true);
          again.socket.once('message', () => {
            resolve(again.messages[0]?.type === 'hello');
          });
        });
        again.socket.close();
        expect(hello).toBe(true);
      },
      { timeout: 10_000, interval: 200 },
    );
  });
});
