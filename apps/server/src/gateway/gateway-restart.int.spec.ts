import { matchStream } from '@tablecast/events';
import { guandanModule, type GuandanEvent } from '@tablecast/games/testing';
import { startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { heldAfterEachRevision } from '../broadcast/testing/held-cards';
import { expectNoHeldCardInVenueFrames } from '../broadcast/testing/venue-leak-scan';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { playMatchOverHttp } from '../testing/http-bot-match';
import { kafkaMockEnv } from '../testing/kafka-mock-env';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';

const feedTexts = (client: FeedSocket): string[] =>
  client.raw.map((r) => r.text).filter((text) => text.startsWith('{"type":"feed"'));
const seqOf = (text: string): number => (JSON.parse(text) as { seq: number }).seq;

/** A spectator of the match's venue feed, subscribed; resolves once the hub answered. */
async function venueSpectator(server: TestServer, matchId: string): Promise<FeedSocket> {
  const client = await FeedSocket.open(server);
  client.send({ type: 'subscribe', matchId, audience: 'venue' });
  await client.until((m) => m.type === 'subscribed');
  return client;
}

/**
 * A public gateway (TABLECAST_ROLE=gateway, no staff tokens) stopped mid-match and started
 * again on the same Kafka (librdkafka's mock, started by kcat): before it is ready it reads the
 * compacted `<prefix>.venue.latest` topic, so a spectator who connects to it gets the match's
 * current state at once and then the rest of the one venue sequence (TC-SCALE-2), and a match
 * that ended while no gateway ran still shows its end.
 */
describe('a restarted gateway bootstraps from the latest-frame topics', () => {
  let cluster: KafkaMockCluster;
  let kafka: Record<string, string>;
  let full: TestServer;
  const running = new Set<TestServer>();
  const startGateway = async (): Promise<TestServer> => {
    const gateway = await startTestServer({ ...kafka, TABLECAST_ROLE: 'gateway' });
    running.add(gateway);
    return gateway;
  };
  const stop = async (server: TestServer): Promise<void> => {
    running.delete(server);
    await server.stop();
  };

  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
    kafka = kafkaMockEnv(cluster);
    full = await startTestServer({ ...kafka, TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    running.add(full);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([...running].map((server) => server.stop()));
    await cluster.stop();
  });

  it('TC-SCALE-2: a spectator of the restarted gateway gets the current state at once, then every later seq to the match end', async () => {
    const matchId = 'gw_restart_1';
    const first = await startGateway();
    const fullVenue = await venueSpectator(full, matchId);
    const before = await venueSpectator(first, matchId);
    let restarted: TestServer | undefined;
    let after: FeedSocket | undefined;
    /** The revision the gateway was restarted at, and the seq its spectator had seen by then. */
    let stoppedAt: { revision: number; seq: number } | undefined;

    const last = await playMatchOverHttp({
      url: full.url,
      matchId,
      seed: 'gateway-restart',
      operatorToken: TEST_TOKENS.operatorT1,
      format: { kind: 'fixedDeals', deals: 1 },
      beforeCommand: async (revision) => {
        if (stoppedAt !== undefined || revision < 40) return;
        // The current revision reached the gateway, so it is on the latest-frame topic too.
        const seen = await before.until((m) => m.type === 'feed' && m.view?.revision === revision);
        stoppedAt = { revision, seq: seen.type === 'feed' ? seen.seq : -1 };
        await before.close();
        await stop(first);
        restarted = await startGateway();
        after = await venueSpectator(restarted, matchId);
      },
    });
    if (stoppedAt === undefined || after === undefined) throw new Error('the match ended before revision 40');
    expect(last).toBeGreaterThan(stoppedAt.revision);

    // At once: the match as it stood, under the seq it had, before the match went on.
    expect(after.messages.find((m) => m.type === 'subscribed')).toMatchObject({
      latestSeq: stoppedAt.seq,
      resumed: false,
    });
    await after.until((m) => m.type === 'feed' && m.view?.revision === last, 30_000);
    await fullVenue.until((m) => m.type === 'feed' && m.view?.revision === last, 30_000);
    const frames = after.frames();
    expect(frames[0]?.view?.revision).toBe(stoppedAt.revision);
    // Then every later frame, no gap and no repeat, the same bytes as the full server's /ws.
    const fromSeq = stoppedAt.seq;
    expect(frames.map((f) => f.seq)).toEqual(Array.from({ length: frames.length }, (_, i) => fromSeq + i));
    const fullBySeq = new Map(feedTexts(fullVenue).map((text) => [seqOf(text), text]));
    for (const text of feedTexts(after)) expect(text).toBe(fullBySeq.get(seqOf(text)));
    expect(frames.at(-1)?.view?.status).toBe('ended');

    // Hidden information stays hidden: never a card still in a hand, the snapshot included.
    const recorded = await full.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(matchId));
    const held = heldAfterEachRevision(
      guandanModule,
      recorded.map((e) => ({ type: e.type, data: e.data }) as GuandanEvent),
    );
    expectNoHeldCardInVenueFrames(after, held);

    // Stopped again after the match ended: no frame of it will ever come, and its end still shows.
    if (restarted === undefined) throw new Error('the gateway was not restarted');
    await after.close();
    await stop(restarted);
    const again = await startGateway();
    const late = await venueSpectator(again, matchId);
    await late.until((m) => m.type === 'feed');
    expect(late.frames().map((f) => [f.seq, f.view?.revision, f.view?.status])).toEqual([
      [frames.at(-1)?.seq, last, 'ended'],
    ]);
    for (const client of [fullVenue, late]) await client.close();
  }, 180_000);
});
