import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MatchCommandService } from '../matches/match-command.service';
import { driveMatch } from '@tablecast/bots';
import { healthzProbe } from '../testing/healthz-probe';
import { StalledClient } from '../testing/stalled-client';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * FEED_CLIENT_BUFFER: a fifth of what each socket asks for, so it is passed even when the kernel's
 * socket buffers (up to tcp_wmem's 4 MB on the server's side) absorb their most.
 */
const LIMIT = 2 * 1024 * 1024;
/** Sockets that subscribe to the ended match and never read. */
const SOCKETS = 40;
/**
 * Subscribes each sends (about 0.5 MB of backlog each time): more than loopback's socket buffers
 * take in, so the rest waits in the server as it would for a spectator on a stalled link.
 */
const SUBSCRIBES_EACH = 20;
/**
 * FEED_TOTAL_BUFFER: well under what the sockets ask for together (40 x 10 MB), so the bound on all
 * clients trips too; which clients it takes and which the per-client check takes depends on timing.
 */
const TOTAL_LIMIT = 64 * 1024 * 1024;
/** Server memory growth allowed while they hang on: their sockets' buffers are bounded per client. */
const RSS_GROWTH_BOUND = 120 * 1024 * 1024;
/** /healthz p99 while it happens. */
const HEALTHZ_P99_BOUND_MS = 2_500;

describe('probe: sockets that never read an ended match (real server over loopback)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      FEED_CLIENT_BUFFER: String(LIMIT),
      FEED_TOTAL_BUFFER: String(TOTAL_LIMIT),
    });
    await driveMatch(server.app.get(MatchCommandService), {
      matchId: 'probe_slow',
      table: 't1',
      seed: 'slow-consumer-probe',
      ruleset: 'cga2017',
      format: { kind: 'fixedDeals', deals: 2 },
    });
  }, 60_000);
  afterAll(async () => {
    await server.stop();
  });

  const tripsOf = (metrics: string, setting: string): number =>
    Number(
      new RegExp(`tablecast_websocket_limit_trips_total\\{setting="${setting}"\\} (\\d+)`).exec(
        metrics,
      )?.[1] ?? 0,
    );

  it('drops each with the limit named, holds memory and /healthz within bounds', async () => {
    const rssBefore = process.memoryUsage().rss;
    const healthz = healthzProbe(server.url);
    const subscribe = { type: 'subscribe', matchId: 'probe_slow', audience: 'venue', lastSeq: 0 };
    const stalled = await Promise.all(
      Array.from({ length: SOCKETS }, () =>
        StalledClient.open(
          server.url,
          Array.from({ length: SUBSCRIBES_EACH }, () => subscribe),
        ),
      ),
    );
    let rssPeak = process.memoryUsage().rss;
    // None of them reads: each is over FEED_CLIENT_BUFFER and makes no progress, so the check
    // that runs every second drops it, although no frame of the ended match is ever published;
    // those whose backlog would pass FEED_TOTAL_BUFFER are dropped by that bound instead.
    await vi.waitFor(
      async () => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        const metrics = await (await fetch(`${server.url}/metrics`)).text();
        const perClient = tripsOf(metrics, 'FEED_CLIENT_BUFFER');
        const total = tripsOf(metrics, 'FEED_TOTAL_BUFFER');
        expect({ dropped: perClient + total, perClient: perClient > 0, total: total > 0 }).toEqual({
          dropped: SOCKETS,
          perClient: true,
          total: true,
        });
      },
      // A socket the kernel still takes bytes for counts as reading; on a loaded machine the last
      // of them fill up well after the first.
      { timeout: 90_000, interval: 200 },
    );
    // Then it lets go of them: a client that reads nothing of its close frame is cut 5 s later.
    await vi.waitFor(
      async () => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        const metrics = await (await fetch(`${server.url}/metrics`)).text();
        expect(metrics).toMatch(/^tablecast_websocket_connections 0$/m);
      },
      { timeout: 20_000, interval: 200 },
    );
    const p99 = await healthz.stop();
    const growth = rssPeak - rssBefore;
    console.info(
      `slow-consumer probe: rss growth ${String(Math.round(growth / 1048576))} MB, /healthz p99 ${p99.toFixed(1)} ms`,
    );
    expect(growth).toBeLessThan(RSS_GROWTH_BOUND);
    expect(p99).toBeLessThan(HEALTHZ_P99_BOUND_MS);
    for (const client of stalled) client.destroy();
  }, 150_000);
});
