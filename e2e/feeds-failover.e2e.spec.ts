import type { BusMessage } from '@tablecast/bus';
import { startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disclosureLedger, expectNoEarlyRelease, expectOneSequence } from './support/disclosure-ledger';
import { feedSpectator, revisionOf, type FeedSpectator } from './support/feed-spectator';
import { kafkaMockEnv, readFeedsTopic } from './support/kafka-mock-env';
import { holdsLease, leaseDetail, standsBy } from './support/lease-readiness';
import { exitOf, killHard, startServerProcess, type ServerProcess } from './support/server-process';
import { createSimulatedMatch, type SimulatedMatch } from './support/simulated-match';
import { until } from './support/until';

const OPERATOR = 'e2e-operator-token-feeds-1';
const REFEREE = 'e2e-referee-token-feeds-01';
const ARBITER = 'e2e-arbiter-token-feeds-01';
const TOKENS = `operator:t1=${OPERATOR},referee=${REFEREE},arbiter=${ARBITER}`;
const DELAY_MS = 1_500;
const TTL_MS = 1_500;
const AUDIENCES = ['staff', 'venue', 'broadcast'] as const;
type TestAudience = (typeof AUDIENCES)[number];
const matchId = 'feeds_failover_1';

/**
 * TC-SCALE-1 across real processes: one SQLite log shared by a command server and by feeds
 * processes (TABLECAST_ROLE=feeds) that contend for the fenced feed lease, two gateways on kcat's
 * Kafka mock, spectators on both, and a raw Kafka reader. The holder is paused past its
 * lease (SIGSTOP) and comes back fenced; the next holder is killed with SIGKILL mid-match and a
 * restarted process takes over. Each audience must still be one frame sequence, with no gap, no
 * repeat, no frame released early, and one ledger.
 */
describe('feeds role: one publisher under the fenced feed lease, across a pause and a kill -9', () => {
  let cluster: KafkaMockCluster;
  let writer: ServerProcess;
  let gateway: ServerProcess;
  let otherGateway: ServerProcess;
  let reader: { close(): Promise<void> } | undefined;
  const onTopic: BusMessage[] = [];
  const logDir = mkdtempSync(join(tmpdir(), 'tablecast-shared-log-'));
  const running: { stop(): Promise<void> }[] = [];
  let kafkaEnv: Record<string, string>;

  const startFeeds = async (): Promise<ServerProcess> => {
    const feeds = await startServerProcess({
      ...kafkaEnv,
      TABLECAST_ROLE: 'feeds',
      TABLECAST_LOG_DIR: logDir,
      FEEDS_LEASE_TTL_MS: String(TTL_MS),
      BROADCAST_DELAY_MS: String(DELAY_MS),
      TABLECAST_TOKENS: TOKENS,
    });
    running.push(feeds);
    return feeds;
  };
  const spectator = (server: ServerProcess, audience: TestAudience): Promise<FeedSpectator> =>
    feedSpectator(server.url, { matchId, audience, refereeToken: REFEREE });
  const holds = (server: ServerProcess): Promise<boolean> => holdsLease(server, 'feed-lease');

  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
    running.push(cluster);
    kafkaEnv = kafkaMockEnv(cluster);
    // Commands only: its own feeds stay in-process (no Kafka), its log is the shared one.
    writer = await startServerProcess({
      TABLECAST_LOG_DIR: logDir,
      TABLECAST_TOKENS: TOKENS,
    });
    running.push(writer);
    [gateway, otherGateway] = await Promise.all([
      startServerProcess({ ...kafkaEnv, TABLECAST_ROLE: 'gateway', TABLECAST_TOKENS: TOKENS }),
      startServerProcess({ ...kafkaEnv, TABLECAST_ROLE: 'gateway' }),
    ]);
    running.push(gateway, otherGateway);
    reader = await readFeedsTopic(cluster, 'feeds-failover-reader', (message) => {
      if (message.matchId === matchId) onTopic.push(message);
    });
  }, 90_000);
  afterAll(async () => {
    await reader?.close();
    for (const started of running.reverse()) await started.stop();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('TC-SCALE-1: a standby publishes nothing; a paused holder is fenced and exits 75; a killed one is replaced; every audience stays one sequence with no gap, no repeat and no early release', async () => {
    const first = await startFeeds();
    await until(() => holds(first), 'the first feeds process holding the lease');
    const second = await startFeeds();
    await until(() => standsBy(second, 'feed-lease'), 'a standby');

    const clients = Object.fromEntries(
      await Promise.all(AUDIENCES.map(async (a) => [a, await spectator(gateway, a)] as const)),
    ) as Record<TestAudience, FeedSpectator>;
    // The public audience on a second gateway (no staff tokens there): the same frames, byte for byte.
    const elsewhere = await spectator(otherGateway, 'venue');
    const match: SimulatedMatch = await createSimulatedMatch({
      url: writer.url,
      matchId,
      seed: 'feeds-failover',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
      format: { kind: 'fixedDeals', deals: 1 },
    });
    await match.playUntil((_, revision) => revision >= 40);
    await until(() => clients.venue.frames.some((f) => revisionOf(f.frame) >= 40), 'venue at revision 40');
    // The standby has read nothing into a feed and published nothing.
    expect(await leaseDetail(second, 'feed-lease')).toMatch(/^standby: held by .*; 0 frames published$/);

    // Paused past its lease: the standby takes over and the match goes on under it.
    first.child.kill('SIGSTOP');
    await until(() => holds(second), 'the standby taking over', 20_000);
    await match.playUntil((_, revision) => revision >= 80);
    await until(() => clients.venue.frames.some((f) => revisionOf(f.frame) >= 80), 'venue at revision 80');
    // Back, it finds its lease gone: its next ledger write or renewal is refused and it exits.
    first.child.kill('SIGCONT');
    expect(await exitOf(first)).toBe(75);

    // Killed mid-match with frames maybe still on their way to Kafka; a restarted process takes over.
    const playing = match.playUntil((_, revision) => revision >= 120);
    await killHard(second);
    await playing;
    const third = await startFeeds();
    await until(() => holds(third), 'the restarted feeds process taking over', 20_000);
    const { revision: last } = await match.playUntil(() => false);

    await until(() => clients.staff.frames.some((f) => revisionOf(f.frame) === last), 'the last staff frame');
    await until(() => clients.venue.frames.some((f) => revisionOf(f.frame) === last), 'the last venue frame');
    await until(
      () => clients.broadcast.frames.some((f) => revisionOf(f.frame) === last),
      'the last broadcast frame, after the delay',
    );

    const ledger = await disclosureLedger(third.url, matchId, ARBITER);
    for (const audience of AUDIENCES) {
      // One sequence: every seq once, in order, from the first frame to the ledger's last.
      expectOneSequence(ledger, audience, clients[audience]);
      // On the topic a seq may come twice (a resend after the kill), but always as the same bytes.
      const payloads = new Map<number, string>();
      for (const message of onTopic.filter((m) => m.audience === audience)) {
        const text = Buffer.from(message.payload).toString('utf8');
        expect(payloads.get(message.seq) ?? text, `${audience} seq ${String(message.seq)}`).toBe(text);
        payloads.set(message.seq, text);
      }
    }
    // No early release: the ledger's release of each delayed frame and its arrival at a spectator
    // are both at least the delay after the event was recorded.
    expectNoEarlyRelease(ledger, clients.broadcast, DELAY_MS, 100);
    await until(
      () => elsewhere.frames.length === clients.venue.frames.length,
      'the venue on the second gateway',
    );
    expect(elsewhere.frames.map((f) => f.text)).toEqual(clients.venue.frames.map((f) => f.text));
    for (const client of [...Object.values(clients), elsewhere]) client.socket.close();
  }, 240_000);
});
