import { startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { FAULT_SIGNAL } from '../faults/fault-drill';
import { kafkaMockEnv } from '../testing/kafka-mock-env';
import { TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import { busReadiness } from './testing/bus-readiness';
import { playWithFaultMidFeed } from './testing/fault-mid-feed';

/**
 * A broker outage injected into a running gateway (TC-SCALE-2), on librdkafka's mock cluster
 * (kcat): with FAULT_INJECTION=signal, SIGUSR2 cuts the gateway's Kafka connections and refuses
 * new ones for a few seconds. Its consumer crashes and kafkajs restarts it until it rejoins: the
 * gateway's /readyz answers 503 naming the crash meanwhile and 200 again after, and its spectator
 * gets the venue feed as one sequence, no gap and no repeat, the frames published during the
 * outage included, the same bytes as the full server's /ws.
 */
describe('an injected broker outage in a running gateway (TC-SCALE-2)', () => {
  let cluster: KafkaMockCluster;
  let full: TestServer;
  let gateway: TestServer;

  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
    const kafka = kafkaMockEnv(cluster);
    // As main.ts starts them: Nest's shutdown hooks would close both apps on the drill's signal.
    const noSignalShutdown = { shutdownHooks: false };
    full = await startTestServer({ ...kafka, TABLECAST_TOKENS: TEST_TOKENS_SPEC }, noSignalShutdown);
    // Only the gateway drills: the full server in this process keeps its store subscriptions.
    gateway = await startTestServer(
      { ...kafka, TABLECAST_ROLE: 'gateway', FAULT_INJECTION: 'signal' },
      noSignalShutdown,
    );
  }, 90_000);
  afterAll(async () => {
    await gateway.stop();
    await full.stop();
    await cluster.stop();
  });

  it('TC-SCALE-2: feed-bus readiness flips to 503 naming the crash and back to 200; the venue feed stays one sequence', async () => {
    const matchId = 'gw_bus_fault_1';
    const spectator = await FeedSocket.open(gateway);
    spectator.send({ type: 'subscribe', matchId, audience: 'venue' });
    await spectator.until((m) => m.type === 'subscribed');
    const reference = await FeedSocket.open(full);
    reference.send({ type: 'subscribe', matchId, audience: 'venue' });
    await reference.until((m) => m.type === 'subscribed');
    const { last, injectedAt } = await playWithFaultMidFeed({
      full,
      gateway,
      spectator,
      matchId,
      seed: 'gateway-bus-fault',
      inject: async () => {
        process.kill(process.pid, FAULT_SIGNAL);
        await vi.waitFor(
          async () => {
            expect((await busReadiness(gateway)).status).toBe(503);
          },
          { timeout: 20_000, interval: 50 },
        );
        const down = await busReadiness(gateway);
        expect(down.check?.ok).toBe(false);
        expect(down.check?.detail).toContain('consumer down');
        expect(down.check?.detail).toContain('injected fault: the Kafka brokers are unreachable');
        // The match goes on while the gateway's consumer is down: these frames wait on the brokers.
      },
    });
    expect(last).toBeGreaterThan(injectedAt + 1);

    // Ready again once the consumer rejoined its group.
    await vi.waitFor(
      async () => {
        expect(await busReadiness(gateway)).toMatchObject({ status: 200, check: { ok: true } });
      },
      { timeout: 30_000, interval: 100 },
    );
    await spectator.until((m) => m.type === 'feed' && m.view?.revision === last, 30_000);
    await reference.until((m) => m.type === 'feed' && m.view?.revision === last, 30_000);

    // One sequence from the first frame to the match end: none lost in the outage, none repeated.
    const seqs = spectator.frames().map((f) => f.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => (seqs[0] ?? 0) + i));
    expect(spectator.frames().map((f) => f.view?.revision)).toEqual(
      reference.frames().map((f) => f.view?.revision),
    );
    expect(spectator.frames().at(-1)?.view?.status).toBe('ended');
    for (const client of [spectator, reference]) await client.close();
  }, 180_000);
});
