import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { playMatchOverHttp } from '../testing/http-bot-match';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { kafkaMockEnv } from '../testing/kafka-mock-env';
import { startTogether } from '../testing/start-together';
import { startTestServer, type TestServer } from '../testing/test-server';

function rawFeed(client: FeedSocket): string[] {
  return client.raw.map((r) => r.text).filter((text) => text.startsWith('{"type":"feed"'));
}

/**
 * KAFKA_CLIENT=confluent in both roles: the full server publishes and a gateway-only app
 * consumes through @confluentinc/kafka-javascript on librdkafka's mock cluster, as
 * gateway-role.int.spec.ts does with kafkajs. Fails without the native module (CI installs it).
 */
describe('gateway-only role over Kafka with KAFKA_CLIENT=confluent', () => {
  let cluster: KafkaMockCluster;
  let full: TestServer;
  let gateway: TestServer;
  const running: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
    const kafka = kafkaMockEnv(cluster, 'confluent');
    [full, gateway] = await startTogether(
      [
        startTestServer({ ...kafka, TABLECAST_TOKENS: TEST_TOKENS_SPEC }),
        startTestServer({ ...kafka, TABLECAST_ROLE: 'gateway' }),
      ],
      running,
    );
  }, 60_000);
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    await cluster.stop();
  });

  it('the gateway serves, in order, the very frames the full server published', async () => {
    const matchId = 'gw_confluent_1';
    const venue = await FeedSocket.open(gateway);
    const fullVenue = await FeedSocket.open(full);
    for (const client of [venue, fullVenue]) {
      client.send({ type: 'subscribe', matchId, audience: 'venue' });
      await client.until((m) => m.type === 'subscribed');
    }

    const last = await playMatchOverHttp({
      url: full.url,
      matchId,
      seed: 'gateway-confluent',
      operatorToken: TEST_TOKENS.operatorT1,
      format: { kind: 'fixedDeals', deals: 1 },
    });
    for (const client of [venue, fullVenue]) {
      await client.until((m) => m.type === 'feed' && m.view?.revision === last, 30_000);
    }

    const frames = venue.frames();
    expect(frames.length).toBeGreaterThan(50);
    expect(frames.map((f) => f.seq)).toEqual(Array.from({ length: frames.length }, (_, i) => i + 1));
    expect(rawFeed(venue)).toEqual(rawFeed(fullVenue));
    // The gateway timed each frame's bus hop: the confluent adapter reports receive times too.
    const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
    const count = Number(/^tablecast_feed_bus_lag_seconds_count (\S+)$/m.exec(metrics)?.[1]);
    expect(count).toBeGreaterThanOrEqual(frames.length);

    for (const client of [venue, fullVenue]) await client.close();
  }, 120_000);
});
