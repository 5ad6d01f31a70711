import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kafkaMockEnv } from './support/kafka-mock-env';
import { partitionsHeld } from './support/lease-readiness';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { until } from './support/until';

const TOKENS = 'operator:t1=e2e-operator-token-mixed-1,referee=e2e-referee-token-mixed-01';
const TTL_MS = 1_500;

/** The feed-lease check of a process's /readyz, with the HTTP status of the whole answer. */
async function feedLease(server: ServerProcess): Promise<{ status: number; ok: boolean; detail: string }> {
  const response = await fetch(`${server.url}/readyz`);
  const body = (await response.json()) as { checks: { name: string; ok: boolean; detail?: string }[] };
  const check = body.checks.find((entry) => entry.name === 'feed-lease');
  return { status: response.status, ok: check?.ok ?? false, detail: check?.detail ?? '' };
}

/**
 * TC-SCALE-1 across real processes: feeds processes on one log with different FEEDS_PARTITIONS
 * would hash a match into different partitions and both publish it. The one that comes up with
 * another setting claims nothing and is not ready, naming FEEDS_PARTITIONS and both values; the
 * one already running keeps its partitions and reports the conflict too, until the other stops.
 */
describe('feeds role with mixed FEEDS_PARTITIONS on one log', () => {
  let cluster: KafkaMockCluster;
  const logDir = mkdtempSync(join(tmpdir(), 'tablecast-mixed-partitions-log-'));
  const running: { stop(): Promise<void> }[] = [];
  let kafkaEnv: Record<string, string>;

  const startFeeds = async (partitions: number): Promise<ServerProcess> => {
    const feeds = await startServerProcess({
      ...kafkaEnv,
      TABLECAST_ROLE: 'feeds',
      TABLECAST_LOG_DIR: logDir,
      FEEDS_PARTITIONS: String(partitions),
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
  }, 90_000);
  afterAll(async () => {
    for (const started of running.reverse()) await started.stop();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('TC-SCALE-1: a process with FEEDS_PARTITIONS=3, then one with the single lease, beside one with 2 claims nothing and is not ready; the one with 2 keeps both partitions and is ready again once each stopped', async () => {
    const two = await startFeeds(2);
    await until(
      async () => (await partitionsHeld(two)).length === 2,
      'the first process holding both partitions',
    );

    const three = await startFeeds(3);
    await until(async () => (await feedLease(three)).detail.startsWith('refused:'), 'the refusal with 3');
    const refused = await feedLease(three);
    expect(refused.status).toBe(503);
    expect(refused.ok).toBe(false);
    expect(refused.detail).toMatch(
      /^refused: TC-SCALE-1: mixed FEEDS_PARTITIONS: this process runs FEEDS_PARTITIONS=3 but live feeds process \S+ runs FEEDS_PARTITIONS=2; .*; standby: no partition of 3; 0 frames published$/,
    );
    await until(async () => (await feedLease(two)).detail.startsWith('refused:'), 'the conflict seen by 2');
    expect((await feedLease(two)).detail).toMatch(
      /runs FEEDS_PARTITIONS=2 but live feeds process \S+ runs FEEDS_PARTITIONS=3;/,
    );
    expect(await partitionsHeld(two)).toEqual([0, 1]);

    // A clean stop deletes its member row: the process with 2 is ready again at its next beat.
    await three.stop();
    await until(async () => (await feedLease(two)).status === 200, 'the process with 2 ready again');
    expect(await partitionsHeld(two)).toEqual([0, 1]);

    const single = await startFeeds(1);
    await until(async () => (await feedLease(single)).detail.startsWith('refused:'), 'the refusal with 1');
    expect((await feedLease(single)).detail).toMatch(
      /^refused: TC-SCALE-1: mixed FEEDS_PARTITIONS: this process runs FEEDS_PARTITIONS=1 \(the single feeds lease\) but live feeds process \S+ runs FEEDS_PARTITIONS=2;/,
    );
    expect((await feedLease(single)).status).toBe(503);
    await until(async () => (await feedLease(two)).detail.startsWith('refused:'), 'the conflict seen by 2');
    expect(await partitionsHeld(two)).toEqual([0, 1]);
    await single.stop();
    await until(async () => (await feedLease(two)).status === 200, 'the process with 2 ready again');
  });
});
