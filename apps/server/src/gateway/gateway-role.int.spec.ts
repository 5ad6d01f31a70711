import { matchStream } from '@tablecast/events';
import { guandanModule, type GuandanEvent } from '@tablecast/games/testing';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { playMatchOverHttp } from '../testing/http-bot-match';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { kafkaMockEnv } from '../testing/kafka-mock-env';
import { startTogether } from '../testing/start-together';
import { startTestServer, type TestServer } from '../testing/test-server';
import { heldAfterEachRevision } from '../broadcast/testing/held-cards';
import { expectNoHeldCardInVenueFrames } from '../broadcast/testing/venue-leak-scan';

function rawFeed(client: FeedSocket): string[] {
  return client.raw.map((r) => r.text).filter((text) => text.startsWith('{"type":"feed"'));
}

/**
 * TABLECAST_ROLE=gateway: a full server publishes on Kafka (librdkafka's mock cluster,
 * started by kcat; fails without it, like the adapter's own tests), and gateway-only apps with no
 * match of their own serve the feeds from the bus. Two Nest apps on their own ports and
 * Kafka clients; the only link between them is the Kafka wire protocol.
 */
describe('gateway-only role fed by the full server over Kafka', () => {
  let cluster: KafkaMockCluster;
  let full: TestServer;
  let gateway: TestServer;
  let publicGateway: TestServer;

  /** What beforeAll got running: stopped in afterAll even when another start failed. */
  const running: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
    // kafkajs on the mock, with the consumer timings that suit it (kafkaMockEnv).
    const kafka = kafkaMockEnv(cluster);
    // Each one joins its consumer groups before it listens (about 3 s on the mock): in parallel.
    [full, gateway, publicGateway] = await startTogether(
      [
        startTestServer({ ...kafka, TABLECAST_TOKENS: TEST_TOKENS_SPEC }),
        startTestServer({ ...kafka, TABLECAST_ROLE: 'gateway', TABLECAST_TOKENS: TEST_TOKENS_SPEC }),
        startTestServer({ ...kafka, TABLECAST_ROLE: 'gateway' }),
      ],
      running,
    );
  }, 60_000);
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    await cluster.stop();
  });

  it('serves the venue feed of a match played on the full server, in order, never a held card', async () => {
    const matchId = 'gw_role_1';
    // Subscribed before the match exists: a gateway cannot know which matches will exist, so it
    // accepts the subscription and the first frame that arrives on the bus is the client's snapshot.
    const venue = await FeedSocket.open(gateway);
    const publicVenue = await FeedSocket.open(publicGateway);
    const fullVenue = await FeedSocket.open(full);
    for (const client of [venue, publicVenue, fullVenue]) {
      client.send({ type: 'subscribe', matchId, audience: 'venue' });
      expect(await client.until((m) => m.type === 'subscribed')).toMatchObject({
        audience: 'venue',
        latestSeq: 0,
        resumed: false,
      });
    }
    // Staff feed on the gateway: the full server's tokens, checked without any store.
    const staff = await FeedSocket.open(gateway);
    await staff.subscribeAsStaff(matchId, TEST_TOKENS.referee);

    const last = await playMatchOverHttp({
      url: full.url,
      matchId,
      seed: 'gateway-role',
      operatorToken: TEST_TOKENS.operatorT1,
      format: { kind: 'fixedDeals', deals: 1 },
    });
    const recorded = await full.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(matchId));
    expect(recorded.length - 1).toBe(last);
    for (const client of [venue, publicVenue, fullVenue]) {
      await client.until((m) => m.type === 'feed' && m.view?.revision === last, 30_000);
    }
    await staff.until((m) => m.type === 'feed' && m.event?.revision === last, 30_000);

    // In order, no gap, no duplicate: seq 1, 2, 3, ... and the revisions never go back.
    const frames = venue.frames();
    expect(frames.map((f) => f.seq)).toEqual(Array.from({ length: frames.length }, (_, i) => i + 1));
    const revisions = frames.map((f) => f.view?.revision ?? -1);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(frames.length).toBeGreaterThan(50);

    // Never a card still in a hand, in any raw frame of either gateway.
    const held = heldAfterEachRevision(
      guandanModule,
      recorded.map((e) => ({ type: e.type, data: e.data }) as GuandanEvent),
    );
    for (const client of [venue, publicVenue]) expectNoHeldCardInVenueFrames(client, held);

    // The same bytes as the full server's own /ws sends: one protocol, nothing re-encoded.
    expect(rawFeed(venue)).toEqual(rawFeed(fullVenue));
    expect(rawFeed(publicVenue)).toEqual(rawFeed(fullVenue));
    // Staff through the gateway: the whole log, in order.
    expect(staff.frames().map((f) => [f.event?.type, f.event?.revision])).toEqual(
      recorded.map((e) => [e.type, e.revision]),
    );

    // Each frame's bus hop (publish to receive) and fan-out were timed on the gateway's /metrics.
    const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
    const sample = (line: string): number => Number(new RegExp(`^${line} (\\S+)$`, 'm').exec(metrics)?.[1]);
    for (const summary of ['tablecast_feed_bus_lag_seconds', 'tablecast_feed_fanout_seconds']) {
      expect(sample(`${summary}_count`), summary).toBeGreaterThanOrEqual(frames.length);
      const p99 = sample(`${summary}\\{quantile="0.99"\\}`);
      expect(p99, `${summary} p99`).toBeGreaterThanOrEqual(0);
      expect(p99, `${summary} p99`).toBeLessThan(30);
    }

    // A late subscriber to the gateway gets the latest frame as its snapshot.
    const late = await FeedSocket.open(gateway);
    late.send({ type: 'subscribe', matchId, audience: 'venue' });
    await late.until((m) => m.type === 'feed');
    expect(late.messages.find((m) => m.type === 'subscribed')).toMatchObject({ resumed: false });
    expect(late.frames()[0]?.view?.revision).toBe(last);

    for (const client of [venue, publicVenue, fullVenue, staff, late]) await client.close();
  }, 120_000);

  it('runs no match: 404 for the command API, commands over /ws refused, nothing written to disk', async () => {
    const headers = {
      authorization: `Bearer ${TEST_TOKENS.operatorT1}`,
      'content-type': 'application/json',
    };
    const command = await fetch(`${gateway.url}/api/matches/gw_role_1/commands`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        revision: 0,
        idempotencyKey: 'gateway-key-1',
        command: { type: 'DealCards', seed: 's' },
      }),
    });
    expect(command.status).toBe(404);
    const create = await fetch(`${gateway.url}/api/matches`, { method: 'POST', headers, body: '{}' });
    expect(create.status).toBe(404);
    expect((await fetch(`${gateway.url}/api/matches/gw_role_1/state`, { headers })).status).toBe(404);
    expect((await fetch(`${gateway.url}/api/matches/gw_role_1/disclosures`, { headers })).status).toBe(404);

    const socket = await FeedSocket.open(gateway);
    socket.send({ type: 'authenticate', token: TEST_TOKENS.operatorT1 });
    await socket.until((m) => m.type === 'authenticated');
    socket.send({
      type: 'command',
      requestId: 'r1',
      matchId: 'gw_role_1',
      request: { revision: 0, idempotencyKey: 'gateway-key-2', command: { type: 'DealCards', seed: 's' } },
    });
    expect(await socket.until((m) => m.type === 'commandResult')).toMatchObject({
      ok: false,
      error: { statusCode: 404 },
    });
    await socket.close();

    // Health and metrics are served; readiness is the bus subscription, not a data dir.
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${gateway.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: { name: string }[] }).checks.map((c) => c.name)).toEqual([
      'feed-bus',
    ]);
    expect(await (await fetch(`${gateway.url}/metrics`)).text()).toContain('tablecast_websocket_connections');
    // No lock, no event log, no ledger, no read models: the data dir stays empty.
    expect(readdirSync(gateway.dataDir)).toEqual([]);
    expect(readdirSync(full.dataDir)).toContain('tablecast.lock');
  });

  it('serves staff feeds only with the configured tokens; without any it serves the public feeds alone', async () => {
    const socket = await FeedSocket.open(publicGateway);
    socket.send({ type: 'authenticate', token: TEST_TOKENS.referee });
    expect(await socket.until((m) => m.type === 'error')).toMatchObject({ code: 'unauthenticated' });
    socket.send({ type: 'subscribe', matchId: 'gw_role_1', audience: 'staff' });
    expect(await socket.until((m) => m.type === 'error' && m.code === 'forbidden')).toBeDefined();
    socket.send({ type: 'subscribe', matchId: 'gw_role_1', audience: 'broadcast' });
    expect(await socket.until((m) => m.type === 'subscribed')).toMatchObject({ audience: 'broadcast' });
    await socket.close();
  });
});
