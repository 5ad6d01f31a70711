import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BusMessage } from '@tablecast/bus';
import { startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disclosureLedger, expectOneSequence } from './support/disclosure-ledger';
import { feedSpectator, revisionOf, type FeedSpectator } from './support/feed-spectator';
import { kafkaMockEnv, readFeedsTopic } from './support/kafka-mock-env';
import { leaseDetail, partitionsHeld } from './support/lease-readiness';
import { killHard, startServerProcess, type ServerProcess } from './support/server-process';
import { createSimulatedMatch, type SimulatedMatch } from './support/simulated-match';
import { until } from './support/until';

const OPERATOR = 'e2e-operator-token-parts-1';
const REFEREE = 'e2e-referee-token-parts-01';
const ARBITER = 'e2e-arbiter-token-parts-01';
const TOKENS = `operator:t1=${OPERATOR},referee=${REFEREE},arbiter=${ARBITER}`;
const TTL_MS = 1_500;
// FNV-1a-32 of the id mod 2 (docs/deployment.md, "Feed partitions"): one match in each partition.
const MATCHES = { feeds_part_1: 0, feeds_part_2: 1 } as const;
type MatchId = keyof typeof MATCHES;
const matchIds = Object.keys(MATCHES) as MatchId[];

/**
 * TC-SCALE-1 with FEEDS_PARTITIONS=2 across real processes: a command server, two feeds processes
 * sharing the matches by partition, a gateway on kcat's Kafka mock. Both publish (one partition
 * each); one is killed with SIGKILL mid-match and the other takes its partition over. Each
 * match's venue stays one sequence with no gap and no repeat.
 */
describe('feeds role with FEEDS_PARTITIONS=2: two publishers, one per partition, across a kill -9', () => {
  let cluster: KafkaMockCluster;
  let writer: ServerProcess;
  let gateway: ServerProcess;
  let reader: { close(): Promise<void> } | undefined;
  const onTopic: BusMessage[] = [];
  const logDir = mkdtempSync(join(tmpdir(), 'tablecast-partitioned-log-'));
  const running: { stop(): Promise<void> }[] = [];
  let kafkaEnv: Record<string, string>;

  const startFeeds = async (): Promise<ServerProcess> => {
    const feeds = await startServerProcess({
      ...kafkaEnv,
      TABLECAST_ROLE: 'feeds',
      TABLECAST_LOG_DIR: logDir,
      FEEDS_PARTITIONS: '2',
      FEEDS_LEASE_TTL_MS: String(TTL_MS),
      TABLECAST_TOKENS: TOKENS,
    });
    running.push(feeds);
    return feeds;
  };

  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
    running.push(cluster);
    kafkaEnv = kafkaMockEnv(cluster);
    writer = await startServerProcess({ TABLECAST_LOG_DIR: logDir, TABLECAST_TOKENS: TOKENS });
    running.push(writer);
    gateway = await startServerProcess({ ...kafkaEnv, TABLECAST_ROLE: 'gateway', TABLECAST_TOKENS: TOKENS });
    running.push(gateway);
    reader = await readFeedsTopic(cluster, 'feeds-partitions-reader', (message) => {
      onTopic.push(message);
    });
  }, 90_000);
  afterAll(async () => {
    await reader?.close();
    for (const started of running.reverse()) await started.stop();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('TC-SCALE-1: two feeds processes split the partitions and each publishes its own; after a kill -9 the survivor takes the other partition and every venue stays one sequence', async () => {
    const first = await startFeeds();
    await until(
      async () => (await partitionsHeld(first)).length === 2,
      'the first process holding both partitions',
    );
    const second = await startFeeds();
    // The first hands one partition back for a fair share, and the second takes it.
    await until(
      async () => (await partitionsHeld(first)).length === 1 && (await partitionsHeld(second)).length === 1,
      'one partition each',
      20_000,
    );
    const [held] = await partitionsHeld(first);
    expect(await partitionsHeld(second)).toEqual([held === 0 ? 1 : 0]);

    const clients = Object.fromEntries(
      await Promise.all(
        matchIds.map(
          async (matchId) =>
            [
              matchId,
              await feedSpectator(gateway.url, { matchId, audience: 'venue', refereeToken: REFEREE }),
            ] as const,
        ),
      ),
    ) as Record<MatchId, FeedSpectator>;
    const matches = Object.fromEntries(
      await Promise.all(
        matchIds.map(
          async (matchId) =>
            [
              matchId,
              await createSimulatedMatch({
                url: writer.url,
                matchId,
                seed: matchId,
                operatorToken: OPERATOR,
                refereeToken: REFEREE,
                format: { kind: 'fixedDeals', deals: 1 },
              }),
            ] as const,
        ),
      ),
    ) as Record<MatchId, SimulatedMatch>;
    for (const matchId of matchIds) await matches[matchId].playUntil((_, revision) => revision >= 30);
    for (const matchId of matchIds)
      await until(
        () => clients[matchId].frames.some((f) => revisionOf(f.frame) >= 30),
        `${matchId} at revision 30`,
      );
    // Each process published: its readiness counts the frames it sent.
    for (const feeds of [first, second])
      expect(await leaseDetail(feeds, 'feed-lease')).toMatch(/; [1-9]\d* frames published$/);

    // Exactly one publisher per match: before any takeover, no venue seq is on the topic twice.
    for (const matchId of matchIds) {
      const seqs = onTopic.filter((m) => m.matchId === matchId && m.audience === 'venue').map((m) => m.seq);
      expect(seqs.length).toBeGreaterThan(0);
      expect(new Set(seqs).size, matchId).toBe(seqs.length);
    }

    // The second dies mid-match; the first takes its partition once its leases ran out.
    await killHard(second);
    for (const matchId of matchIds) await matches[matchId].playUntil((_, revision) => revision >= 60);
    await until(
      async () => (await partitionsHeld(first)).length === 2,
      'the survivor holding both partitions',
      20_000,
    );
    const last = new Map<MatchId, number>();
    for (const matchId of matchIds)
      last.set(matchId, (await matches[matchId].playUntil(() => false)).revision);
    for (const matchId of matchIds)
      await until(
        () => clients[matchId].frames.some((f) => revisionOf(f.frame) === last.get(matchId)),
        `the last venue frame of ${matchId}`,
        20_000,
      );

    for (const matchId of matchIds) {
      const ledger = await disclosureLedger(first.url, matchId, ARBITER);
      expectOneSequence(ledger, 'venue', clients[matchId]);
    }
    for (const client of Object.values(clients)) client.socket.close();
  }, 240_000);
});
