import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { MatchCommandService } from '../matches/match-command.service';
import { driveMatch } from '@tablecast/bots';
import { TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { StalledClient } from '../testing/stalled-client';
import { startTestServer, type TestServer } from '../testing/test-server';

const LIMIT = 65_536;

describe('a feed client that stops reading (real sockets)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ FEED_CLIENT_BUFFER: String(LIMIT), TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    // Two whole deals played: the venue feed's resume window holds several hundred frames.
    await driveMatch(server.app.get(MatchCommandService), {
      matchId: 'slow_1',
      table: 't1',
      seed: 'slow-client',
      ruleset: 'cga2017',
      format: { kind: 'fixedDeals', deals: 2 },
    });
  }, 60_000);
  afterAll(async () => {
    await server.stop();
  });

  it('is dropped once FEED_CLIENT_BUFFER bytes are unsent, while a reading client gets every frame', async () => {
    const subscribe = { type: 'subscribe', matchId: 'slow_1', audience: 'venue', lastSeq: 0 };
    // It asks for the backlog (about 0.5 MB) again and again and reads none of it: far more than
    // the limit plus what the kernel's socket buffers on both ends can absorb (a few MB).
    const stalled = await StalledClient.open(
      server.url,
      Array.from({ length: 16 }, () => subscribe),
    );
    const reader = await FeedSocket.open(server);
    reader.send(subscribe);
    const ack = await reader.until((m) => m.type === 'subscribed');
    const latestSeq = ack.type === 'subscribed' ? ack.latestSeq : -1;
    await reader.until((m) => m.type === 'feed' && m.seq === latestSeq);
    const backlogBytes = reader.raw
      .filter((r) => r.text.startsWith('{"type":"feed"'))
      .reduce((sum, r) => sum + Buffer.byteLength(r.text), 0);
    expect(backlogBytes).toBeGreaterThan(400_000);
    expect(reader.frames().map((f) => f.seq)).toEqual(Array.from({ length: latestSeq }, (_, i) => i + 1));

    // Checked every second, whether or not a frame is published: once the server has dropped the
    // stalled client, it reads again and gets what was in flight, then the reason and the hang-up.
    await vi.waitFor(
      async () => {
        const metrics = await (await fetch(`${server.url}/metrics`)).text();
        expect(metrics).toMatch(
          /tablecast_websocket_limit_trips_total\{setting="FEED_CLIENT_BUFFER"\} [1-9]/,
        );
      },
      { timeout: 15_000, interval: 100 },
    );
    stalled.resumeReading();
    const deadline = Date.now() + 10_000;
    while (!stalled.closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stalled.closed).toBe(true);
    expect(stalled.received).toBeLessThan(backlogBytes * 16);
    expect(stalled.tail).toContain('"code":"slow-consumer"');
    expect(stalled.tail).toContain('slow consumer: over FEED_CLIENT_BUFFER');
    stalled.destroy();
    await reader.close();
  }, 30_000);
});
