import { openTablecastEventStore, verifyAll, type StoredEvent } from '@tablecast/event-store';
import { matchStream } from '@tablecast/events';
import { matchLogCatalog } from '@tablecast/games';
import { startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  disclosureLedger,
  expectNoEarlyRelease,
  expectOneSequence,
  type DisclosureLedger,
} from './support/disclosure-ledger';
import { feedSpectator, revisionOf, type FeedSpectator } from './support/feed-spectator';
import { eventsApplied } from './support/events-applied';
import { kafkaMockEnv } from './support/kafka-mock-env';
import { holdsLease, standsBy } from './support/lease-readiness';
import {
  createClockedMatch,
  clockDefaults,
  expectEachTurnTimedOnce,
  matchReader,
} from './support/clocked-match';
import { matchRowsOf, projectionRowsOf, rebuiltProjectionRows } from './support/projection-rows';
import { createRotatingBotMatch } from './support/rotating-bot-match';
import { exitOf, killHard, startServerProcess, type ServerProcess } from './support/server-process';
import { until } from './support/until';

const OPERATOR = 'e2e-operator-token-topo-01';
const REFEREE = 'e2e-referee-token-topo-001';
const ARBITER = 'e2e-arbiter-token-topo-001';
const TOKENS = `operator:t1=${OPERATOR},referee=${REFEREE},arbiter=${ARBITER}`;
const DELAY_MS = 1_500;
const TTL_MS = 1_500;
/** The control lease outlasts a renewal late under the boot of six processes (as in the control failover spec). */
const CONTROL_TTL_MS = 3_000;
const AUDIENCES = ['staff', 'venue', 'broadcast'] as const;
type TestAudience = (typeof AUDIENCES)[number];
const matchId = 'topology_1';
/** The 斗地主 match nobody plays: the control holder's turn clock bids for every seat. */
const clockedId = 'topology_clock_1';
const began = Date.now();
/** Where the run is, on the test's output: a timeout then says which step it was stuck in. */
const progress = (step: string): void => {
  console.log(`topology +${String(Math.round((Date.now() - began) / 1000))} s: ${step}`);
};

/**
 * The deployment of a qualifier over loopback (TC-SCALE-1, TC-SCALE-2): two `api` processes, two
 * `projector`, two `feeds` and two `control` processes (each pair but the api one holding its
 * lease, one standing by) on one SQLite log, two gateways on kcat's Kafka mock, spectators on
 * both. The api and control processes only read the read models the projector writes
 * (API_PROJECTIONS=projector). A bot match is played through both api processes while an api
 * process, the projector holder, a gateway, the control holder and the feeds holder are each
 * killed with SIGKILL in turn (the gateway started again only once the match
 * ended: it serves the end from the latest-frame topic). No acknowledged command may be lost, each
 * audience must stay one frame sequence with no gap and no repeat, no delayed frame may go out
 * early, every process must answer from one ledger, the api processes must apply no event and the
 * shared read models must equal a rebuild of the log, and the turn clock of a second match (what
 * control visibly does) must time each turn once across its failover, and go on timing.
 */
describe('topology: 2 api + 2 projector + 2 feeds + 2 control + 2 gateways on one log, kill -9 of each kind in turn', () => {
  let cluster: KafkaMockCluster;
  const logDir = mkdtempSync(join(tmpdir(), 'tablecast-topology-log-'));
  const rebuiltDir = mkdtempSync(join(tmpdir(), 'tablecast-topology-rebuilt-'));
  /** Every api and control process reads what the projector holder writes, and never projects. */
  const readers = { API_PROJECTIONS: 'projector', PROJECTIONS_LEASE_TTL_MS: String(TTL_MS) };
  const running: { stop(): Promise<void> }[] = [];
  let kafkaEnv: Record<string, string>;
  const apis: ServerProcess[] = [];
  const clockLog = matchReader(logDir);

  const start = async (env: Record<string, string>): Promise<ServerProcess> => {
    const server = await startServerProcess(env);
    running.push(server);
    return server;
  };
  const startApi = (): Promise<ServerProcess> =>
    start({
      ...readers,
      TABLECAST_ROLE: 'api',
      TABLECAST_LOG_DIR: logDir,
      BROADCAST_DELAY_MS: String(DELAY_MS),
      TABLECAST_TOKENS: TOKENS,
    });
  const startProjector = (): Promise<ServerProcess> =>
    start({ ...readers, TABLECAST_ROLE: 'projector', TABLECAST_LOG_DIR: logDir });
  const startFeeds = (): Promise<ServerProcess> =>
    start({
      ...kafkaEnv,
      TABLECAST_ROLE: 'feeds',
      TABLECAST_LOG_DIR: logDir,
      FEEDS_LEASE_TTL_MS: String(TTL_MS),
      BROADCAST_DELAY_MS: String(DELAY_MS),
      TABLECAST_TOKENS: TOKENS,
    });
  const startControl = (): Promise<ServerProcess> =>
    start({
      ...readers,
      TABLECAST_ROLE: 'control',
      TABLECAST_LOG_DIR: logDir,
      CONTROL_LEASE_TTL_MS: String(CONTROL_TTL_MS),
      TABLECAST_TOKENS: TOKENS,
    });
  const spectator = (gateway: ServerProcess, audience: TestAudience): Promise<FeedSpectator> =>
    feedSpectator(gateway.url, { matchId, audience, refereeToken: REFEREE });
  const ledgerOn = (server: ServerProcess): Promise<DisclosureLedger> =>
    disclosureLedger(server.url, matchId, ARBITER);
  const holds = (server: ServerProcess): Promise<boolean> => holdsLease(server, 'feed-lease');

  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
    running.push(cluster);
    kafkaEnv = kafkaMockEnv(cluster);
    // Two api processes booting together on one fresh log dir.
    apis.push(...(await Promise.all([startApi(), startApi()])));
  }, 90_000);
  afterAll(async () => {
    for (const started of running.reverse()) await started.stop();
    await clockLog.close();
    for (const dir of [logDir, rebuiltDir]) rmSync(dir, { recursive: true, force: true });
  });

  it('TC-SCALE-1, TC-SCALE-2, DDZ-BID-6: no acknowledged command lost, one sequence per audience with no gap or repeat, no early release, one ledger, each clocked turn timed once', async () => {
    const projector = await startProjector();
    await until(() => holdsLease(projector, 'projections-lease'), 'the first projector holding its lease');
    const projectorStandby = await startProjector();
    await until(() => standsBy(projectorStandby, 'projections-lease'), 'a projector standby');
    let holder = await startFeeds();
    await until(() => holds(holder), 'the first feeds process holding the lease');
    let standby = await startFeeds();
    await until(() => standsBy(standby, 'feed-lease'), 'a standby');
    const controlHolder = await startControl();
    await until(
      () => holdsLease(controlHolder, 'control-lease'),
      'the first control process holding its lease',
    );
    const controlStandby = await startControl();
    // Its warnings and errors, for the failure message of a takeover that times nothing.
    const standbyComplaints: string[] = [];
    controlStandby.child.stdout?.on('data', (chunk: Buffer) => {
      standbyComplaints.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((line) => /"level":[456]0/.test(line)),
      );
    });
    await until(() => standsBy(controlStandby, 'control-lease'), 'a control standby');
    const [gateway, publicGateway] = await Promise.all([
      start({ ...kafkaEnv, TABLECAST_ROLE: 'gateway', TABLECAST_TOKENS: TOKENS }),
      start({ ...kafkaEnv, TABLECAST_ROLE: 'gateway' }),
    ]);
    const clients = Object.fromEntries(
      await Promise.all(AUDIENCES.map(async (a) => [a, await spectator(gateway, a)] as const)),
    ) as Record<TestAudience, FeedSpectator>;
    const publicVenue = await spectator(publicGateway, 'venue');

    const match = await createRotatingBotMatch({
      apis: () =>
        apis
          .filter((api) => api.child.exitCode === null && api.child.signalCode === null)
          .map((api) => api.url),
      matchId,
      seed: 'topology',
      operatorToken: OPERATOR,
    });
    const clockApi = apis[1]?.url ?? '';
    const { dealtAt } = await createClockedMatch({
      api: clockApi,
      matchId: clockedId,
      operatorToken: OPERATOR,
    });
    await match.playUntil(30);
    progress('played to 30 through both api processes');

    // kill -9 of an api process in the middle of the match: the other takes every command meanwhile.
    const [doomedApi] = apis;
    if (doomedApi === undefined) throw new Error('an api process expected');
    const playing = match.playUntil(60);
    await killHard(doomedApi);
    await playing;
    apis.push(await startApi());
    progress('api killed and restarted');

    // kill -9 of the projector holder: the standby takes the projections lease once it runs out
    // and goes on from the file's checkpoint; the match's reads through the api processes wait.
    const reading = match.playUntil(100);
    await killHard(projector);
    await reading;
    await until(
      () => holdsLease(projectorStandby, 'projections-lease'),
      'the projector standby taking over',
      20_000,
    );
    progress('the projector standby holds the projections lease');

    // kill -9 of the public gateway near the end of the match (the seeded match ends soon after
    // 100), started again only once the match ended: no frame of the match will ever come, and a
    // spectator on the restarted gateway still gets its end, read from the compacted latest-frame
    // topic before the gateway said ready.
    await killHard(publicGateway);
    progress('public gateway killed');

    // kill -9 of the control holder while its clock is armed: the standby takes the lease once it
    // runs out, re-arms from the log and goes on timing the clocked match's turns.
    await until(
      async () => clockDefaults(await clockLog.read(clockedId)).length >= 2,
      'the control holder timing two turns',
    );
    await killHard(controlHolder);
    const timedAtKill = clockDefaults(await clockLog.read(clockedId)).length;
    await until(() => holdsLease(controlStandby, 'control-lease'), 'the control standby taking over', 20_000);
    await until(
      async () => clockDefaults(await clockLog.read(clockedId)).length >= timedAtKill + 2,
      'the new control holder timing two more turns',
    ).catch((error: unknown) => {
      const tail = standbyComplaints.slice(-10).join('\n');
      throw new Error(`${String(error)}; its warnings and errors:\n${tail}`);
    });
    progress('the control standby holds the lease and times turns');

    // kill -9 of the feeds holder: the standby takes the lease once it runs out; the killed one
    // comes back as the new standby.
    const playingOn = match.playUntil(120);
    await killHard(holder);
    await playingOn;
    await until(() => holds(standby), 'the standby taking over', 20_000);
    progress('the standby holds the lease');
    [holder, standby] = [standby, await startFeeds()];
    await until(() => standsBy(standby, 'feed-lease'), 'the new standby');

    const { revision: last, ended } = await match.playUntil(Number.POSITIVE_INFINITY);
    expect(ended).toBe(true);
    progress(`match ended at revision ${String(last)}`);
    const restartedGateway = await start({ ...kafkaEnv, TABLECAST_ROLE: 'gateway' });
    const laterVenue = await spectator(restartedGateway, 'venue');
    progress('public gateway restarted');

    for (const audience of AUDIENCES) {
      await until(
        () => clients[audience].frames.some((f) => revisionOf(f.frame) === last),
        `the last ${audience} frame`,
      );
    }
    await until(
      () => laterVenue.frames.some((f) => revisionOf(f.frame) === last),
      'the last venue frame on the restarted gateway',
    );

    // No acknowledged command lost or doubled: each one's events in the log once, the chain intact.
    const store = openTablecastEventStore({ dataDir: logDir }, matchLogCatalog);
    const log: StoredEvent[] = [];
    try {
      for await (const event of store.log.readAll()) log.push(event);
    } finally {
      await store.close();
    }
    expect(verifyAll(log)).toMatchObject({ ok: true });
    const stream = log.filter((event) => event.stream === matchStream(matchId));
    expect(stream.map((event) => event.revision)).toEqual(stream.map((_, index) => index));
    expect(stream.at(-1)?.revision).toBe(last);
    for (const command of match.acknowledged) {
      const written = stream.filter(
        (event) => event.metadata.causationId === `command:${command.idempotencyKey}`,
      );
      expect(
        written.map((event) => event.revision),
        command.idempotencyKey,
      ).toEqual(command.revisions);
    }

    // One ledger: the holder and both api processes answer alike.
    const ledger = await ledgerOn(holder);
    const live = apis.filter((api) => api.child.exitCode === null && api.child.signalCode === null);
    expect(live).toHaveLength(2);
    for (const api of live) expect(await ledgerOn(api)).toEqual(ledger);

    for (const audience of AUDIENCES) expectOneSequence(ledger, audience, clients[audience]);
    // The public gateway's spectators, before its kill and after its restart: each an unbroken run
    // of the one venue sequence, the same bytes as on the other gateway.
    const venueBySeq = new Map(clients.venue.frames.map((f) => [f.frame.seq, f.text]));
    for (const run of [publicVenue, laterVenue]) {
      const seqs = run.frames.map((f) => f.frame.seq);
      const first = seqs[0] ?? 1;
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => first + i));
      for (const f of run.frames) expect(f.text).toBe(venueBySeq.get(f.frame.seq));
    }
    expect(laterVenue.frames.at(-1)?.frame.seq).toBe(clients.venue.frames.at(-1)?.frame.seq);
    // Restarted after the end: the match's last frame at once, and nothing more ever came.
    expect(laterVenue.frames.map((f) => [revisionOf(f.frame), f.frame.view?.status])).toEqual([
      [last, 'ended'],
    ]);

    // The api processes applied nothing; the ended match's read models the projectors wrote, once
    // the holder stopped cleanly (it flushes all), are what a rebuild of the log makes: no event
    // missing or applied twice across the kill. (The clocked match goes on: its rows may differ.)
    for (const api of live) expect(await eventsApplied(api)).toBe(0);
    const projectorExit = exitOf(projectorStandby);
    projectorStandby.child.kill('SIGTERM');
    expect(await projectorExit).toBe(0);
    const projected = matchRowsOf(projectionRowsOf(logDir), matchId);
    expect(projected.timeline).toHaveLength(last + 1);
    expect(projected).toEqual(matchRowsOf(await rebuiltProjectionRows(logDir, rebuiltDir), matchId));

    // The clocked match across the control failover: each turn timed once, by one holder at a time.
    expectEachTurnTimedOnce(await clockLog.read(clockedId), dealtAt);
    expect(await holdsLease(controlStandby, 'control-lease')).toBe(true);

    // No early release.
    expectNoEarlyRelease(ledger, clients.broadcast, DELAY_MS, 50);
    for (const client of [...Object.values(clients), publicVenue, laterVenue]) client.socket.close();
  }, 240_000);
});
