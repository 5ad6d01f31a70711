import { startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audienceSpectators,
  expectEveryAudienceToTheEnd,
  type Audience,
} from './support/audience-spectators';
import type { FeedSpectator } from './support/feed-spectator';
import { kafkaMockEnv } from './support/kafka-mock-env';
import { createRotatingBotMatch } from './support/rotating-bot-match';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { until } from './support/until';

const OPERATOR = 'e2e-operator-token-fault-01';
const REFEREE = 'e2e-referee-token-fault-001';
const ARBITER = 'e2e-arbiter-token-fault-001';
const TOKENS = `operator:t1=${OPERATOR},referee=${REFEREE},arbiter=${ARBITER}`;
const matchId = 'sub_fault_1';

interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly detail?: string;
}

/** The process's /readyz: its status and the check named (the server's store, the gateway's bus). */
async function readiness(
  server: ServerProcess,
  checkName: 'event-store' | 'feed-bus',
): Promise<{ status: number; check?: Check }> {
  const response = await fetch(`${server.url}/readyz`);
  const body = (await response.json()) as { checks: Check[] };
  return { status: response.status, check: body.checks.find((c) => c.name === checkName) };
}

const storeReadiness = (server: ServerProcess): Promise<{ status: number; check?: Check }> =>
  readiness(server, 'event-store');

/**
 * A store subscription failure injected into a running server (TC-SCALE-2): with
 * FAULT_INJECTION=signal, SIGUSR2 drops every log subscription the process has open (its feed
 * producer's, its projections', ...) mid-match, as a store failover does. The supervised
 * subscriptions resubscribe from the last event each handled: /readyz answers 503 naming the
 * failure meanwhile and 200 again after, and every audience on the gateway stays one frame
 * sequence with no gap and no repeat to the match's end.
 */
describe('an injected subscription failure in a running server and gateway (TC-SCALE-2)', () => {
  let cluster: KafkaMockCluster;
  let server: ServerProcess;
  let gateway: ServerProcess;
  const running: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
    running.push(cluster);
    const kafkaEnv = kafkaMockEnv(cluster);
    server = await startServerProcess({
      ...kafkaEnv,
      BROADCAST_DELAY_MS: '1000',
      TABLECAST_TOKENS: TOKENS,
      FAULT_INJECTION: 'signal',
      // The mock completes a rejoin only once the crashed member's session expired (less 1 s):
      // with the 30 s default the gateway would wait that long to be ready again.
      KAFKA_SESSION_TIMEOUT_MS: '4000',
      KAFKA_HEARTBEAT_INTERVAL_MS: '500',
    });
    running.push(server);
    gateway = await startServerProcess({
      ...kafkaEnv,
      TABLECAST_ROLE: 'gateway',
      TABLECAST_TOKENS: TOKENS,
      FAULT_INJECTION: 'signal',
      // The mock completes a rejoin only once the crashed member's session expired (less 1 s):
      // with the 30 s default the gateway would wait that long to be ready again.
      KAFKA_SESSION_TIMEOUT_MS: '4000',
      KAFKA_HEARTBEAT_INTERVAL_MS: '500',
    });
    running.push(gateway);
  }, 90_000);
  afterAll(async () => {
    for (const started of running.reverse()) await started.stop();
  });

  /** A spectator of each audience of the match on the gateway. */
  const spectators = (id: string): Promise<Record<Audience, FeedSpectator>> =>
    audienceSpectators(gateway.url, { matchId: id, refereeToken: REFEREE });

  it('TC-SCALE-2: /readyz flips to 503 naming the failure and back to 200; each audience one sequence with no gap', async () => {
    const clients = await spectators(matchId);
    const match = await createRotatingBotMatch({
      apis: () => [server.url],
      matchId,
      seed: 'subscription-fault',
      operatorToken: OPERATOR,
    });
    await match.playUntil(20);
    expect(await storeReadiness(server)).toMatchObject({ status: 200, check: { ok: true } });

    server.child.kill('SIGUSR2');
    await until(async () => (await storeReadiness(server)).status === 503, '/readyz answering 503');
    const down = await storeReadiness(server);
    expect(down.check?.ok).toBe(false);
    expect(down.check?.detail).toContain('injected fault: the log subscription dropped');
    // Frames go on while it resubscribes; ready again once the resubscriptions have held.
    const playing = match.playUntil(40);
    await until(async () => (await storeReadiness(server)).status === 200, '/readyz answering 200 again');
    await playing;

    const { revision: last, ended } = await match.playUntil(Number.POSITIVE_INFINITY);
    expect(ended).toBe(true);
    await expectEveryAudienceToTheEnd(clients, last, { url: server.url, matchId, arbiterToken: ARBITER });
  }, 180_000);

  /**
   * The same drill on the gateway (FAULT_INJECTION=signal there too): SIGUSR2 makes its Kafka
   * brokers unreachable for a few seconds, its consumer crashes and rejoins. Its feed-bus check
   * is 503 naming the crash meanwhile, and each audience still gets one sequence to the end.
   */
  it('TC-SCALE-2: a broker outage on the gateway flips its feed-bus readiness and back; each audience one sequence', async () => {
    const outageMatch = 'bus_fault_1';
    const clients = await spectators(outageMatch);
    const match = await createRotatingBotMatch({
      apis: () => [server.url],
      matchId: outageMatch,
      seed: 'bus-fault',
      operatorToken: OPERATOR,
    });
    await match.playUntil(20);
    expect(await readiness(gateway, 'feed-bus')).toMatchObject({ status: 200, check: { ok: true } });

    gateway.child.kill('SIGUSR2');
    await until(
      async () => (await readiness(gateway, 'feed-bus')).status === 503,
      'gateway /readyz answering 503',
    );
    const down = await readiness(gateway, 'feed-bus');
    expect(down.check?.detail).toContain('injected fault: the Kafka brokers are unreachable');
    // The match goes on while the gateway's consumer is down; its frames wait on the brokers.
    const playing = match.playUntil(40);
    await until(
      async () => (await readiness(gateway, 'feed-bus')).status === 200,
      'gateway /readyz answering 200 again',
    );
    await playing;

    const { revision: last, ended } = await match.playUntil(Number.POSITIVE_INFINITY);
    expect(ended).toBe(true);
    await expectEveryAudienceToTheEnd(clients, last, {
      url: server.url,
      matchId: outageMatch,
      arbiterToken: ARBITER,
    });
  }, 180_000);
});
