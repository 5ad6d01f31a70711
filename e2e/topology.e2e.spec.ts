import { openTablecastEventStore, verifyAll, type StoredEvent } from '@tablecast/event-store';
import { matchStream } from '@tablecast/events';
import { matchLogCatalog } from '@tablecast/games';
import { startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import type { FeedFrame, ServerMessage } from '@tablecast/protocol';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRotatingBotMatch } from './support/rotating-bot-match';
import { startServerProcess, type ServerProcess } from './support/server-process';

const OPERATOR = 'e2e-operator-token-topo-01';
const REFEREE = 'e2e-referee-token-topo-001';
const ARBITER = 'e2e-arbiter-token-topo-001';
const TOKENS = `operator:t1=${OPERATOR},referee=${REFEREE},arbiter=${ARBITER}`;
const DELAY_MS = 1_500;
const TTL_MS = 1_500;
const AUDIENCES = ['staff', 'venue', 'broadcast'] as const;
type TestAudience = (typeof AUDIENCES)[number];
const matchId = 'topology_1';
const began = Date.now();
/** Where the run is, on the test's output: a timeout then says which step it was stuck in. */
const progress = (step: string): void => {
  console.log(`topology +${String(Math.round((Date.now() - began) / 1000))} s: ${step}`);
};

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function leaseDetail(server: ServerProcess): Promise<string> {
  const body = (await (await fetch(`${server.url}/readyz`)).json()) as {
    checks: { name: string; detail?: string }[];
  };
  return body.checks.find((check) => check.name === 'feed-lease')?.detail ?? '';
}

const holds = async (server: ServerProcess): Promise<boolean> =>
  (await leaseDetail(server)).startsWith('holding');

interface Spectator {
  readonly frames: { frame: FeedFrame; text: string; at: number }[];
  readonly socket: WebSocket;
}

async function spectator(gateway: ServerProcess, audience: TestAudience): Promise<Spectator> {
  const socket = new WebSocket(`${gateway.url.replace('http', 'ws')}/ws`);
  const frames: Spectator['frames'] = [];
  let authenticated = audience !== 'staff';
  socket.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    const message = JSON.parse(text) as ServerMessage;
    if (message.type === 'authenticated') authenticated = true;
    if (message.type === 'feed') frames.push({ frame: message, text, at: Date.now() });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      resolve();
    });
    socket.once('error', reject);
  });
  if (audience === 'staff') {
    socket.send(JSON.stringify({ type: 'authenticate', token: REFEREE }));
    await until(() => authenticated, 'staff authenticated');
  }
  socket.send(JSON.stringify({ type: 'subscribe', matchId, audience }));
  return { frames, socket };
}

const revisionOf = (frame: FeedFrame): number => frame.view?.revision ?? frame.event?.revision ?? -1;

interface Ledger {
  entries: { audience: string; seq: number; recordedAt: string | null; releasedAt: number }[];
}

async function ledgerOn(server: ServerProcess): Promise<Ledger> {
  const response = await fetch(`${server.url}/api/matches/${matchId}/disclosures`, {
    headers: { authorization: `Bearer ${ARBITER}` },
  });
  return (await response.json()) as Ledger;
}

/**
 * The deployment of a qualifier over loopback (TC-SCALE-1, TC-SCALE-2): two `api` processes and
 * two `feeds` processes (one holding the lease, one standing by) on one SQLite log, two gateways
 * on kcat's Kafka mock, spectators on both. A bot match is played through both api processes
 * while an api process, the feeds holder and a gateway are each killed with SIGKILL in turn and
 * started again. No acknowledged command may be lost, each audience must stay one frame sequence
 * with no gap and no repeat, no delayed frame may go out early, and every process must answer
 * from one ledger.
 */
describe('topology: 2 api + 2 feeds + 2 gateways on one log, kill -9 of each kind in turn', () => {
  let cluster: KafkaMockCluster;
  const logDir = mkdtempSync(join(tmpdir(), 'tablecast-topology-log-'));
  const running: { stop(): Promise<void> }[] = [];
  let kafkaEnv: Record<string, string>;
  const apis: ServerProcess[] = [];

  const start = async (env: Record<string, string>): Promise<ServerProcess> => {
    const server = await startServerProcess(env);
    running.push(server);
    return server;
  };
  const startApi = (): Promise<ServerProcess> =>
    start({
      TABLECAST_ROLE: 'api',
      TABLECAST_LOG_DIR: logDir,
      BROADCAST_DELAY_MS: String(DELAY_MS),
      TABLECAST_TOKENS: TOKENS,
    });
  const startFeeds = (): Promise<ServerProcess> =>
    start({
      ...kafkaEnv,
      TABLECAST_ROLE: 'feeds',
      TABLECAST_LOG_DIR: logDir,
      FEEDS_LEASE_TTL_MS: String(TTL_MS),
      BROADCAST_DELAY_MS: String(DELAY_MS),
      TABLECAST_TOKENS: TOKENS,
    });
  const killed = async (server: ServerProcess): Promise<void> => {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
    running.push(cluster);
    kafkaEnv = {
      KAFKA_BROKERS: cluster.brokers.join(','),
      KAFKA_MAX_WAIT_MS: '50',
      // kafkajs on the mock: no idempotent producer (the mock names no controller).
      KAFKA_IDEMPOTENT: 'false',
    };
    // Two api processes booting together on one fresh log dir.
    apis.push(...(await Promise.all([startApi(), startApi()])));
  }, 90_000);
  afterAll(async () => {
    for (const started of running.reverse()) await started.stop();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('TC-SCALE-1, TC-SCALE-2: no acknowledged command lost, one sequence per audience with no gap or repeat, no early release, one ledger', async () => {
    let holder = await startFeeds();
    await until(() => holds(holder), 'the first feeds process holding the lease');
    let standby = await startFeeds();
    await until(async () => (await leaseDetail(standby)).startsWith('standby: held by'), 'a standby');
    const [gateway, publicGateway] = await Promise.all([
      start({ ...kafkaEnv, TABLECAST_ROLE: 'gateway', TABLECAST_TOKENS: TOKENS }),
      start({ ...kafkaEnv, TABLECAST_ROLE: 'gateway' }),
    ]);
    const clients = Object.fromEntries(
      await Promise.all(AUDIENCES.map(async (a) => [a, await spectator(gateway, a)] as const)),
    ) as Record<TestAudience, Spectator>;
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
    await match.playUntil(30);
    progress('played to 30 through both api processes');

    // kill -9 of an api process in the middle of the match: the other takes every command meanwhile.
    const [doomedApi] = apis;
    if (doomedApi === undefined) throw new Error('an api process expected');
    const playing = match.playUntil(60);
    await killed(doomedApi);
    await playing;
    apis.push(await startApi());
    progress('api killed and restarted');
    await match.playUntil(90);

    // kill -9 of the public gateway: a spectator on its restart picks the match up again. Early in
    // the match, while frames still come: a restarted gateway has no history of a match until its
    // next frame (there is no compacted latest-frame topic yet), and the seeded match may end soon after 90.
    await killed(publicGateway);
    const restartedGateway = await start({ ...kafkaEnv, TABLECAST_ROLE: 'gateway' });
    const laterVenue = await spectator(restartedGateway, 'venue');
    progress('gateway killed and restarted');
    await match.playUntil(100);

    // kill -9 of the feeds holder: the standby takes the lease once it runs out; the killed one
    // comes back as the new standby.
    const playingOn = match.playUntil(120);
    await killed(holder);
    await playingOn;
    await until(() => holds(standby), 'the standby taking over', 20_000);
    progress('the standby holds the lease');
    [holder, standby] = [standby, await startFeeds()];
    await until(async () => (await leaseDetail(standby)).startsWith('standby: held by'), 'the new standby');

    const { revision: last, ended } = await match.playUntil(Number.POSITIVE_INFINITY);
    expect(ended).toBe(true);
    progress(`match ended at revision ${String(last)}`);

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

    for (const audience of AUDIENCES) {
      const seqs = clients[audience].frames.map((f) => f.frame.seq);
      expect(seqs, audience).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      const recorded = ledger.entries.filter((entry) => entry.audience === audience);
      expect(Math.max(...recorded.map((entry) => entry.seq)), audience).toBe(seqs.length);
    }
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

    // No early release.
    const broadcastEntries = ledger.entries.filter(
      (entry) => entry.audience === 'broadcast' && entry.recordedAt,
    );
    expect(broadcastEntries.length).toBeGreaterThan(50);
    for (const entry of broadcastEntries) {
      expect(entry.releasedAt - Date.parse(entry.recordedAt ?? '')).toBeGreaterThanOrEqual(DELAY_MS);
    }
    for (const { frame, at } of clients.broadcast.frames) {
      const recordedAt = frame.event?.recordedAt ?? frame.view?.asOf;
      if (recordedAt !== undefined) expect(at - Date.parse(recordedAt)).toBeGreaterThanOrEqual(DELAY_MS);
    }
    for (const client of [...Object.values(clients), publicVenue, laterVenue]) client.socket.close();
  }, 240_000);
});
