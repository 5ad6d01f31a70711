/**
 * Feed fan-out benchmark: N websocket spectators on the venue feed of one match that
 * plays at about 20 events/s, measured in the same run against
 * (a) a gateway-only process (TABLECAST_ROLE=gateway) on core 0, fed over the Kafka bus (librdkafka's
 *     mock cluster, run by kcat) with the venue frames a full server published for a real match,
 *     recorded once before any timing and re-published at 20 frames/s from this process on core 1
 *     (`bench/lib/feeds-replay.ts`: the gateway's work is identical; the full server's match work
 *     stays off the clients' core, as the bare server's runs have it) — the issue's "gateway
 *     process", and how gateways scale out;
 * (b) the whole Tablecast server in one process (match + gateway, in-process bus) on core 0; and
 * (c) a bare `ws` server that broadcasts frames of the same size, encoded once, to every client —
 *     the limit of this machine — on core 0. Clients always on core 1 (taskset).
 *
 * Latency is event-to-client: a frame's `recordedAt` (the store's clock on the one-process server;
 * the frame's due time on the bare server and in the gateway's replay) to its arrival in the client
 * process (same machine, same clock). Server CPU is utime+stime from /proc of the process on core 0
 * over the play window (for the gateway, until its last frame is out), divided by the frames
 * delivered to clients. For the one-process server the fan-out share subtracts the CPU per event
 * of the same window with no spectator, since it also runs the match. The match is recorded
 * beforehand with the pure engine and played back one POST per command (`bench/lib/recorded-match.ts`).
 * After the N = 1k-4k table, each of the bare server and the gateway gets its own search for its
 * largest N with p99 under 100 ms (`bench/lib/feeds-search.ts`).
 *
 * One file, three roles: the orchestrator (default), `--role=clients` and `--role=bare`
 * (`bench/lib/feeds-roles.ts`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClientCommand } from '@tablecast/protocol';
import { gatewayProcessRun, type GatewayRunSettings } from './lib/feeds-gateway-run';
import { benchKafkaClient, startKafkaStack } from './lib/feeds-kafka-stack';
import { startFramePublisher } from './lib/feeds-replay';
import { searchLargestN, type LargestN } from './lib/feeds-search';
import {
  BENCH_SERVER_ENV,
  clientsFor,
  finish,
  runQueueWaitMs,
  lineFrom,
  pinned,
  rssMiB,
  waitForHealth,
} from './lib/feeds-children';
import { runBare, runClients } from './lib/feeds-roles';
import { medianRow, NO_SPLIT, row, type MeasuredRow, type Row } from './lib/feeds-rows';
import { KeepAliveApi } from './lib/keep-alive-api';
import { freePort } from './lib/match-server';
import { recordMatch } from './lib/recorded-match';
import { processCpuMs as cpuMs, stopProcess } from './lib/process';
import { FEEDS_TARGETS, feedsSection } from './lib/feeds-report';
import { summarize, type Summary } from './lib/stats';

/**
 * `bare`: only the bare server's rows (each size, ROUNDS times), as JSON lines.
 * `one-process`: only the one-process rows (its no-spectator run, then each size, ROUNDS times),
 * each with the server's own event-loop delay over the play window (from its /metrics), printed as
 * JSON lines; no Kafka stack, bare server, search or RESULTS section. For chasing that server's
 * latency tail in runs of a minute or two.
 */
const ONLY = process.env.FEEDS_BENCH_ONLY ?? '';
const SIZES = (process.env.FEEDS_BENCH_SIZES ?? '1000,2000,3000,4000').split(',').map(Number);
/** 4 s, not 5: the largest-N searches' runs had to fit in the bench's ~8 minutes (80 frames a run). */
const PLAY_MS = Number(process.env.FEEDS_BENCH_PLAY_MS ?? '4000');
/**
 * Bare and gateway-process runs alternate this many times per N, and each column reports the
 * median over the rounds: on a shared machine the load moves between two runs, so one pair proves
 * little (the bare server's p99 at 1k swung 58 to 128 ms between single quiet runs). The
 * one-process rows, a second table, run in the first round only, to keep the bench near 8 minutes.
 */
const ROUNDS = Number(process.env.FEEDS_BENCH_ROUNDS ?? '3');
const EVENTS_PER_SECOND = 20;
/** Time the clients get, from the end of the play window, to receive what was sent before they report. */
const DRAIN_MS = 1_500;
const OPERATOR = 'bench-operator-token-0001';
const REFEREE = 'bench-referee-token-00001';
const PRECISION_DELAY_MS = 2_000;
/** Extra node flags for the Tablecast server, e.g. `--prof` to profile the gateway under this load. */
const SERVER_NODE_ARGS = (process.env.FEEDS_BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
/** Recorded once per run (pure engine, before any timing): far more events than a play window needs. */
let recorded: readonly ClientCommand[] | undefined;
const role = process.argv.find((a) => a.startsWith('--role='))?.slice('--role='.length) ?? 'orchestrator';
/**
 * The Kafka fetch wait of the full server and the gateway (KAFKA_MAX_WAIT_MS): librdkafka's mock
 * answers a fetch only when this wait is over, even when frames arrived earlier (a broker answers
 * at once), so the default 500 ms would be the latency floor. The gateway's extra idle fetches
 * are billed to its CPU.
 */
const KAFKA_MAX_WAIT_MS = '25';
const { BARE, GATEWAY, ONE_PROCESS } = FEEDS_TARGETS;
/** How long each gateway's CPU is read with nothing to serve, before its match starts. */
const IDLE_MS = 1_000;
/** The match whose venue frames a full server publishes once, recorded for the gateway runs. */
const RECORDED_MATCH = 'bench_recorded_match';

/**
 * Over kept-alive node:http, not fetch: this process drives the one-process server's match from the
 * clients' core, where fetch's ~1 ms of CPU per call (bench/lib/keep-alive-api.ts) and its garbage
 * competed with the spectators it measures.
 */
const apis = new Map<string, KeepAliveApi>();
function call(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  let api = apis.get(url);
  if (api === undefined) {
    api = new KeepAliveApi(url, OPERATOR);
    apis.set(url, api);
  }
  return api.call(method, path, body);
}

/**
 * The recorded bot match through the HTTP API, one POST per command as an operator keys it,
 * paced so the match writes about 20 events/s.
 */
async function play(
  url: string,
  matchId: string,
  untilMs: number,
  pace = { eventsPerSecond: EVENTS_PER_SECOND, maxEvents: Infinity },
): Promise<number> {
  const { body: created } = (await call(url, 'GET', `/api/matches/${matchId}/state`)) as {
    body: { revision: number };
  };
  let revision = created.revision;
  let events = 0;
  const started = Date.now();
  recorded ??= recordMatch('bench-feeds', 50);
  for (const [key, command] of recorded.entries()) {
    if (Date.now() >= untilMs || events >= pace.maxEvents) break;
    const answer = (await call(url, 'POST', `/api/matches/${matchId}/commands`, {
      revision,
      idempotencyKey: `${matchId}-${String(key)}`,
      command,
    })) as { status: number; body: { revision: number } };
    if (answer.status !== 200) {
      throw new Error(
        `command ${String(key)} refused ${String(answer.status)}: ${JSON.stringify(answer.body)}`,
      );
    }
    events += answer.body.revision - revision;
    revision = answer.body.revision;
    const due = started + (events * 1000) / pace.eventsPerSecond;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
  }
  return events;
}

/** The server's event-loop delay (ms) since its last scrape: prom-client resets the histogram on each. */
async function serverLoopDelay(url: string): Promise<{ p50: number; p99: number; max: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const gauge = (name: string): number =>
    Number(new RegExp(`^nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
  return { p50: gauge('p50'), p99: gauge('p99'), max: gauge('max') };
}

async function oneProcessRun(n: number): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-bench-feeds-'));
  const port = await freePort();
  const server = pinned(0, [...SERVER_NODE_ARGS, 'apps/server/dist/main.js'], {
    ...BENCH_SERVER_ENV,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    TABLECAST_DATA_DIR: dataDir,
    TABLECAST_TOKENS: `operator:*=${OPERATOR}`,
    BROADCAST_DELAY_MS: '120000',
  });
  try {
    const url = `http://127.0.0.1:${String(port)}`;
    await waitForHealth(url);
    const matchId = `bench_feeds_${String(n)}`;
    await createMatch(url, matchId);
    const clients = await clientsFor(`${url.replace('http', 'ws')}/ws`, matchId, n);
    const pid = server.pid ?? 0;
    const cpuBefore = cpuMs(pid);
    const waitsBefore = [runQueueWaitMs(clients.pid ?? 0), runQueueWaitMs(pid)] as const;
    if (ONLY === 'one-process') await serverLoopDelay(url);
    const started = Date.now();
    const events = await play(url, matchId, started + PLAY_MS);
    const cpu = cpuMs(pid) - cpuBefore;
    const seconds = (Date.now() - started) / 1000;
    const waits = waitsSince(waitsBefore, clients.pid ?? 0, pid);
    if (ONLY === 'one-process')
      process.stderr.write(`server loop delay ms ${JSON.stringify(await serverLoopDelay(url))}\n`);
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    const report = await finish(clients);
    const rss = rssMiB(pid);
    // Each event is one venue frame; every connected client should get every one.
    return row(ONE_PROCESS, n, report, events, cpu, rss, events / seconds, waits);
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** How long the clients and the measured server waited for their cores since `before` (ms). */
function waitsSince(
  before: readonly [number, number],
  clientsPid: number,
  serverPid: number,
): { clientsWaitMs: number; serverWaitMs: number } {
  return {
    clientsWaitMs: runQueueWaitMs(clientsPid) - before[0],
    serverWaitMs: runQueueWaitMs(serverPid) - before[1],
  };
}

async function bareRun(n: number, template: string): Promise<Row> {
  const server = pinned(0, ['--import', 'tsx', 'bench/feeds.bench.ts', '--role=bare', template]);
  server.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  try {
    const [, port = ''] = await lineFrom(server, /listening (\d+)\n/);
    const clients = await clientsFor(`ws://127.0.0.1:${port}`, 'bare', n);
    const pid = server.pid ?? 0;
    const cpuBefore = cpuMs(pid);
    const waitsBefore = [runQueueWaitMs(clients.pid ?? 0), runQueueWaitMs(pid)] as const;
    server.stdin?.write('start\n');
    await new Promise((resolve) => setTimeout(resolve, PLAY_MS));
    const sentLine = lineFrom(server, /sent (\d+) loop (\S+) (\S+)\n/);
    const cpu = cpuMs(pid) - cpuBefore;
    const waits = waitsSince(waitsBefore, clients.pid ?? 0, pid);
    server.stdin?.write('stop\n');
    // Minus the first frame, which the clients count as their snapshot.
    const [, sent, loopP50, loopP99] = await sentLine;
    const sentFrames = Number(sent) - 1;
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    const report = await finish(clients);
    // A starved timer catches up (frames due by now), so this is about 20/s unless it fell far behind.
    // Its loop over the clients per frame, as the gateway's fan-out loop; no bus hop.
    const split = { ...NO_SPLIT, fanOutP50: Number(loopP50), fanOutP99: Number(loopP99) };
    return row(BARE, n, report, sentFrames, cpu, 0, (sentFrames * 1000) / PLAY_MS, waits, split);
  } finally {
    await stopProcess(server);
  }
}

async function createMatch(url: string, matchId: string): Promise<void> {
  const { status, body } = await call(url, 'POST', '/api/matches', {
    matchId,
    table: 't1',
    format: { kind: 'fixedDeals', deals: 50 },
    teams: { NS: { id: 'a', name: 'A' }, EW: { id: 'b', name: 'B' } },
    players: (['S', 'E', 'N', 'W'] as const).map((seat) => ({ id: `p${seat}`, name: seat, seat })),
  });
  if (status !== 201 && status !== 200)
    throw new Error(`create ${matchId}: ${String(status)} ${JSON.stringify(body)}`);
}

/**
 * Release precision of the delayed feed: the broadcast of a match playing at 20 events/s with a
 * 2 s delay, while 1,000 venue spectators are connected; lateness = released - (recorded + delay)
 * per event, from the staff disclosure ledger.
 */
async function releasePrecision(): Promise<{ summary: Summary; releases: number; early: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-bench-release-'));
  const port = await freePort();
  const server = pinned(0, [...SERVER_NODE_ARGS, 'apps/server/dist/main.js'], {
    ...BENCH_SERVER_ENV,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    TABLECAST_DATA_DIR: dataDir,
    TABLECAST_TOKENS: `operator:*=${OPERATOR},referee=${REFEREE}`,
    BROADCAST_DELAY_MS: String(PRECISION_DELAY_MS),
  });
  try {
    const url = `http://127.0.0.1:${String(port)}`;
    await waitForHealth(url);
    const matchId = 'bench_release';
    await createMatch(url, matchId);
    const clients = await clientsFor(`${url.replace('http', 'ws')}/ws`, matchId, 1000);
    await play(url, matchId, Date.now() + PLAY_MS);
    await new Promise((resolve) => setTimeout(resolve, PRECISION_DELAY_MS + 1_000));
    await finish(clients);
    const response = await fetch(`${url}/api/matches/${matchId}/disclosures?audience=broadcast`, {
      headers: { authorization: `Bearer ${REFEREE}` },
    });
    const ledger = (await response.json()) as {
      entries: { recordedAt: string | null; releasedAt: number }[];
    };
    const lateness = ledger.entries
      .filter((e) => e.recordedAt !== null)
      .map((e) => e.releasedAt - (Date.parse(e.recordedAt ?? '') + PRECISION_DELAY_MS));
    return {
      summary: summarize(lateness),
      releases: lateness.length,
      early: lateness.filter((ms) => ms < 0).length,
    };
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** FEEDS_BENCH_ONLY=one-process: that server's rows alone, as JSON lines on stdout. */
async function oneProcessOnly(): Promise<void> {
  const idle = await oneProcessRun(0);
  const idleMsPerEvent = idle.events === 0 ? 0 : idle.cpuMs / idle.events;
  process.stderr.write(`no spectators: ${JSON.stringify(idle)}\n`);
  for (const n of SIZES) {
    for (let round = 0; round < ROUNDS; round += 1) {
      const r = await oneProcessRun(n);
      const delivered = (r.delivered / 100) * r.events * r.connected;
      const fanOutCpuMicros = ((r.cpuMs - idleMsPerEvent * r.events) * 1000) / delivered;
      process.stdout.write(`${JSON.stringify({ ...r, fanOutCpuMicros })}\n`);
    }
  }
  for (const api of apis.values()) api.close();
}

/**
 * FEEDS_BENCH_ONLY=gateway: the gateway-process rows alone, as JSON lines on stdout: per N and
 * round, one run per Kafka client in FEEDS_BENCH_KAFKA_CLIENTS (default `confluent,kafkajs`), in
 * turn, so the two clients are compared in pairs under the same load. No bare server, search or
 * RESULTS section.
 */
/** The gateway runs' settings from this file's knobs, the same for the full bench and FEEDS_BENCH_ONLY=gateway. */
function gatewayRunSettings(brokers: string): GatewayRunSettings {
  return {
    brokers,
    kafkaMaxWaitMs: KAFKA_MAX_WAIT_MS,
    playMs: PLAY_MS,
    drainMs: DRAIN_MS,
    eventsPerSecond: EVENTS_PER_SECOND,
    idleMs: IDLE_MS,
    serverNodeArgs: SERVER_NODE_ARGS,
  };
}

async function gatewayOnly(): Promise<void> {
  const clients = (process.env.FEEDS_BENCH_KAFKA_CLIENTS ?? 'confluent,kafkajs')
    .split(',')
    .map((name) => benchKafkaClient(name));
  const stack = await startKafkaStack(OPERATOR, KAFKA_MAX_WAIT_MS);
  const publisher = await startFramePublisher(stack.brokers, Number(KAFKA_MAX_WAIT_MS));
  try {
    const frames = Math.ceil((PLAY_MS * EVENTS_PER_SECOND) / 1000) + 20;
    await publisher.record(RECORDED_MATCH, frames, async () => {
      await createMatch(stack.url, RECORDED_MATCH);
      await play(stack.url, RECORDED_MATCH, Date.now() + 60_000, { eventsPerSecond: 100, maxEvents: frames });
    });
    await stack.stopFullServer();
    const settings = gatewayRunSettings(stack.brokers);
    for (const n of SIZES) {
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const kafkaClient of clients) {
          const r = await gatewayProcessRun(publisher, n, { ...settings, kafkaClient });
          const delivered = (r.delivered / 100) * r.events * r.connected;
          const fanOutCpuMicros = delivered === 0 ? NaN : ((r.cpuMs - r.idleCpuMs) * 1000) / delivered;
          const cpuMicrosPerDelivered = delivered === 0 ? NaN : (r.cpuMs * 1000) / delivered;
          process.stdout.write(
            `${JSON.stringify({ kafkaClient, round, ...r, cpuMicrosPerDelivered, fanOutCpuMicros })}\n`,
          );
        }
      }
    }
  } finally {
    await publisher.close();
    await stack.stop();
  }
}

async function orchestrate(): Promise<void> {
  // This process drives the match over HTTP: on the clients' core, never on the server's, where
  // it would be billed to neither server but would delay the one it shares the core with.
  execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  if (ONLY === 'one-process') return oneProcessOnly();
  if (ONLY === 'gateway') return gatewayOnly();
  // A venue frame of a deal in play, for the bare server to send at the same size.
  const template = JSON.stringify({
    type: 'feed',
    matchId: 'bare',
    audience: 'venue',
    seq: 1,
    status: { state: 'live', delayMs: 0 },
    event: { type: 'Passed', data: { seat: 'E' }, revision: 1, position: '1', recordedAt: '@@TIME@@' },
    view: { padding: 'x'.repeat(1250) },
  });
  // FEEDS_BENCH_ONLY=bare: the bare server's rows alone, as JSON lines (the limit of this machine,
  // and how the clients' own cost shows in it: bench/lib/feeds-roles.ts).
  if (ONLY === 'bare') {
    for (const n of SIZES) {
      for (let round = 0; round < ROUNDS; round += 1) {
        process.stdout.write(`${JSON.stringify(await bareRun(n, template))}\n`);
      }
    }
    return;
  }
  // The same play window with no spectator: what each server spends on everything but the fan-out
  // (the match's HTTP commands, rules, log, projections and ledger on the one-process server; the
  // timer and encoding on the bare one), per event played.
  const idle = new Map<string, number>();
  for (const run of [() => bareRun(0, template), () => oneProcessRun(0)]) {
    const result = await run();
    process.stderr.write(`no spectators: ${JSON.stringify(result)}\n`);
    idle.set(result.target, result.events === 0 ? 0 : result.cpuMs / result.events);
  }
  // The gateway process's idle share is measured in its own run (its Kafka client polling the mock).
  const fanOutMicros = (r: Row, idleCpuMs = (idle.get(r.target) ?? NaN) * r.events): number => {
    const delivered = (r.delivered / 100) * r.events * r.connected;
    return delivered === 0 ? NaN : ((r.cpuMs - idleCpuMs) * 1000) / delivered;
  };
  const stack = await startKafkaStack(OPERATOR, KAFKA_MAX_WAIT_MS);
  const publisher = await startFramePublisher(stack.brokers, Number(KAFKA_MAX_WAIT_MS));
  const rows: MeasuredRow[] = [];
  const gatewayIdleMsPerSecond: number[] = [];
  const gatewayCoreNotes: string[] = [];
  const gatewaySettings = gatewayRunSettings(stack.brokers);
  const gatewayRun = async (n: number): Promise<MeasuredRow> => {
    const { idleCpuMsPerSecond, idleCpuMs, coreNote, ...result } = await gatewayProcessRun(
      publisher,
      n,
      gatewaySettings,
    );
    gatewayIdleMsPerSecond.push(idleCpuMsPerSecond);
    gatewayCoreNotes.push(coreNote);
    return { ...result, fanOutCpuMicros: fanOutMicros(result, idleCpuMs) };
  };
  const bareMeasured = async (n: number): Promise<MeasuredRow> => {
    const result = await bareRun(n, template);
    return { ...result, fanOutCpuMicros: fanOutMicros(result) };
  };
  let fullServerMsPerEvent: number;
  let largestN: { bare: LargestN; gateway: LargestN };
  try {
    // The venue frames of one real match, as the full server publishes them on Kafka (paced at
    // 100 events/s: only the frames' bytes and order are kept, the replay sets the pace and times).
    const frames = Math.ceil((PLAY_MS * EVENTS_PER_SECOND) / 1000) + 20;
    const fullBefore = cpuMs(stack.pid);
    let played = 0;
    await publisher.record(RECORDED_MATCH, frames, async () => {
      await createMatch(stack.url, RECORDED_MATCH);
      played = await play(stack.url, RECORDED_MATCH, Date.now() + 60_000, {
        eventsPerSecond: 100,
        maxEvents: frames,
      });
    });
    fullServerMsPerEvent = (cpuMs(stack.pid) - fullBefore) / played;
    // Its match work is done: nothing of it runs on the clients' core during the measured runs.
    await stack.stopFullServer();
    for (const n of SIZES) {
      const rounds = new Map<string, MeasuredRow[]>();
      for (let round = 0; round < ROUNDS; round += 1) {
        const runs = [
          () => bareMeasured(n),
          () => gatewayRun(n),
          ...(round === 0
            ? [
                async (): Promise<MeasuredRow> => {
                  const result = await oneProcessRun(n);
                  return { ...result, fanOutCpuMicros: fanOutMicros(result) };
                },
              ]
            : []),
        ];
        for (const run of runs) {
          const measured = await run();
          process.stderr.write(`${JSON.stringify(measured)}\n`);
          rounds.set(measured.target, [...(rounds.get(measured.target) ?? []), measured]);
        }
      }
      for (const list of rounds.values()) rows.push(medianRow(list));
    }
    // Each server's own largest N, between its last passing and first failing size of the table.
    const roundsAt = async (run: (n: number) => Promise<MeasuredRow>, n: number): Promise<MeasuredRow> => {
      const list: MeasuredRow[] = [];
      for (let round = 0; round < ROUNDS; round += 1) list.push(await run(n));
      process.stderr.write(`probe ${JSON.stringify(medianRow(list))}\n`);
      return medianRow(list);
    };
    largestN = {
      bare: await searchLargestN(
        rows.filter((r) => r.target === BARE),
        (n) => roundsAt(bareMeasured, n),
      ),
      gateway: await searchLargestN(
        rows.filter((r) => r.target === GATEWAY),
        (n) => roundsAt(gatewayRun, n),
      ),
    };
  } finally {
    await publisher.close();
    await stack.stop();
  }
  const precision = await releasePrecision();
  for (const api of apis.values()) api.close();
  process.stderr.write(`release precision: ${JSON.stringify(precision)}\n`);
  process.stdout.write(
    feedsSection(rows, precision, {
      fullServerMsPerEvent,
      gatewayIdleMsPerSecond: summarize(gatewayIdleMsPerSecond).median,
      gatewayCoreNotes,
      largestN,
      kafkaMaxWaitMs: KAFKA_MAX_WAIT_MS,
      eventsPerSecond: EVENTS_PER_SECOND,
      playMs: PLAY_MS,
      rounds: ROUNDS,
      precisionDelayMs: PRECISION_DELAY_MS,
    }),
  );
}

if (role === 'clients') {
  void runClients(process.argv[3] ?? '', process.argv[4] ?? '', Number(process.argv[5]));
} else if (role === 'bare') {
  runBare(process.argv[3] ?? '', EVENTS_PER_SECOND);
} else {
  orchestrate().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
