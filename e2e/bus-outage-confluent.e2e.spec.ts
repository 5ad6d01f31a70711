import {
  startKafkaMockCluster,
  startMockClusterOutage,
  type KafkaMockCluster,
  type MockClusterOutage,
} from '@tablecast/bus/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceSpectators, expectEveryAudienceToTheEnd } from './support/audience-spectators';
import { kafkaMockEnv } from './support/kafka-mock-env';
import { createRotatingBotMatch } from './support/rotating-bot-match';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { until } from './support/until';

const OPERATOR = 'e2e-operator-token-kdrill-1';
const REFEREE = 'e2e-referee-token-kdrill-01';
const ARBITER = 'e2e-arbiter-token-kdrill-01';
const TOKENS = `operator:t1=${OPERATOR},referee=${REFEREE},arbiter=${ARBITER}`;
const matchId = 'confluent_outage_1';
// Longer than the group session below: the gateway's consumer loses its partitions and rejoins.
const OUTAGE_MS = 6_000;

/** Both processes on librdkafka; a short session so the mock completes the rejoin in seconds. */
const confluentEnv = (cluster: KafkaMockCluster): Record<string, string> => ({
  ...kafkaMockEnv(cluster),
  KAFKA_CLIENT: 'confluent',
  // librdkafka starts an idempotent producer on the mock (kafkajs cannot).
  KAFKA_IDEMPOTENT: 'true',
  KAFKA_SESSION_TIMEOUT_MS: '4000',
  KAFKA_HEARTBEAT_INTERVAL_MS: '500',
});

interface FeedBusSample {
  readonly status: number;
  readonly detail: string;
  readonly brokersBack: boolean;
}

/** The gateway's /readyz: its status and its feed-bus check's detail. */
async function feedBusReadiness(gateway: ServerProcess): Promise<{ status: number; detail: string }> {
  const response = await fetch(`${gateway.url}/readyz`);
  const body = (await response.json()) as { checks: { name: string; detail?: string }[] };
  return { status: response.status, detail: body.checks.find((c) => c.name === 'feed-bus')?.detail ?? '' };
}

/**
 * A broker outage under a gateway process on KAFKA_CLIENT=confluent (TC-SCALE-2), in the real
 * topology: an `all` process publishing and a gateway process consuming, both on librdkafka. The
 * mock cluster stops answering everyone (the app's producer waits on it) and the gateway's broker
 * connections are reset with `ss -K` (root, CAP_NET_ADMIN: without it the test fails saying so).
 * The gateway's feed-bus check is 503 from the reset until its consumer has rejoined, then 200;
 * every audience on it is one sequence to the match's end against the disclosure ledger.
 */
describe('a broker outage under a gateway process on KAFKA_CLIENT=confluent (TC-SCALE-2)', () => {
  let cluster: KafkaMockCluster;
  let server: ServerProcess;
  let gateway: ServerProcess;
  let outage: MockClusterOutage | undefined;
  const running: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
    running.push(cluster);
    server = await startServerProcess({
      ...confluentEnv(cluster),
      BROADCAST_DELAY_MS: '1000',
      TABLECAST_TOKENS: TOKENS,
    });
    running.push(server);
    gateway = await startServerProcess({
      ...confluentEnv(cluster),
      TABLECAST_ROLE: 'gateway',
      TABLECAST_TOKENS: TOKENS,
    });
    running.push(gateway);
  }, 90_000);
  afterAll(async () => {
    outage?.end();
    for (const started of running.reverse()) await started.stop();
  });

  it('TC-SCALE-2: feed-bus readiness is 503 through the outage and the rejoin, then 200; each audience one sequence', async () => {
    const clients = await audienceSpectators(gateway.url, { matchId, refereeToken: REFEREE });
    const match = await createRotatingBotMatch({
      apis: () => [server.url],
      matchId,
      seed: 'confluent-outage',
      operatorToken: OPERATOR,
    });
    await match.playUntil(20);
    expect(await feedBusReadiness(gateway)).toMatchObject({ status: 200 });

    const gatewayPid = gateway.child.pid;
    if (gatewayPid === undefined) throw new Error('the gateway process has no pid');
    const started = startMockClusterOutage(cluster, OUTAGE_MS, { clientPid: gatewayPid });
    outage = started;
    expect(started.cut).toBeGreaterThan(0);
    const brokers = { back: false };
    void started.over.then(() => {
      brokers.back = true;
    });
    const samples: FeedBusSample[] = [];
    const polling = (async () => {
      for (;;) {
        const back = brokers.back;
        const sample = { ...(await feedBusReadiness(gateway)), brokersBack: back };
        samples.push(sample);
        if (back && sample.status === 200) return;
        await sleep(100);
      }
    })();
    // The match goes on while the brokers are down: its frames wait on them.
    await match.playUntil(40);
    await started.over;
    await until(
      () => samples.at(-1)?.brokersBack === true && samples.at(-1)?.status === 200,
      'feed-bus 200 again',
    );
    await polling;

    const during = samples.filter((s) => !s.brokersBack);
    const down = during.findIndex((s) => s.status === 503);
    expect(down).toBeGreaterThanOrEqual(0);
    expect(during.slice(down).every((s) => s.status === 503)).toBe(true);
    expect(during[down]?.detail).toContain('all broker connections are down');
    expect(samples.filter((s) => s.brokersBack && s.status === 503).map((s) => s.detail)).toContainEqual(
      expect.stringContaining('lost its partitions with its group session: rejoining'),
    );

    const { revision: last, ended } = await match.playUntil(Number.POSITIVE_INFINITY);
    expect(ended).toBe(true);
    await expectEveryAudienceToTheEnd(clients, last, { url: server.url, matchId, arbiterToken: ARBITER });
  }, 180_000);
});
