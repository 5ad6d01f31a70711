/**
 * Feed fan-out benchmark (issue 7): N websocket spectators on the venue feed of one match that
 * plays at about 20 events/s, against (a) the Tablecast server (built dist, feeds + gateway) and
 * (b) a bare `ws` server that broadcasts frames of the same size, encoded once, to every client —
 * the limit of this machine. The server is pinned to core 0 and the clients to core 1 (taskset).
 *
 * Latency is event-to-client: a frame's `recordedAt` (the store's clock, or the bare server's
 * send time) to its arrival in the client process (same machine, same clock). Server CPU is
 * utime+stime from /proc over the play window, divided by the frames delivered to clients; the
 * fan-out share subtracts the CPU per event of the same window with no spectator, since only the
 * Tablecast server also runs the match. The match is recorded beforehand with the pure engine and
 * played back one POST per command (`bench/lib/recorded-match.ts`).
 *
 * One file, three roles: the orchestrator (default), `--role=clients` and `--role=bare`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import type { ClientCommand } from '@tablecast/protocol';
import { sendPrebuilt } from '@tablecast/server';
import { callApi } from './lib/http';
import { recordMatch } from './lib/recorded-match';
import { stopProcess } from './lib/process';
import { fmt, markdownTable, summarize, type Summary } from './lib/stats';

const SIZES = (process.env.FEEDS_BENCH_SIZES ?? '1000,2000,3000,4000').split(',').map(Number);
const PLAY_MS = Number(process.env.FEEDS_BENCH_PLAY_MS ?? '10000');
/**
 * Bare and gateway runs alternate this many times per N, and each column reports the median over
 * the rounds: on a shared machine the load moves between two runs, so one pair proves little.
 */
const ROUNDS = Number(process.env.FEEDS_BENCH_ROUNDS ?? '1');
const EVENTS_PER_SECOND = 20;
/** Time the clients get to receive what was sent before they report (their core may lag). */
const DRAIN_MS = 2_000;
const OPERATOR = 'bench-operator-token-0001';
const REFEREE = 'bench-referee-token-00001';
const PRECISION_DELAY_MS = 2_000;
/** Extra node flags for the Tablecast server, e.g. `--prof` to profile the gateway under this load. */
const SERVER_NODE_ARGS = (process.env.FEEDS_BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
/** Recorded once per run (pure engine, before any timing): far more events than a play window needs. */
let recorded: readonly ClientCommand[] | undefined;
const role = process.argv.find((a) => a.startsWith('--role='))?.slice('--role='.length) ?? 'orchestrator';

interface ClientReport {
  readonly connected: number;
  readonly frames: number;
  readonly latency: Summary | null;
}

// ---------- clients role: N sockets, latency of every frame (sampled on a subset) ----------
async function runClients(url: string, matchId: string, count: number): Promise<void> {
  let frames = 0;
  const latencies: number[] = [];
  const sockets: WebSocket[] = [];
  const marker = '"recordedAt":"';
  const feedPrefix = Buffer.from('{"type":"feed"', 'latin1');
  for (let i = 0; i < count; i += 1) {
    const socket = new WebSocket(url);
    const measured = i % 10 === 0; // parse the time on one client in ten: the clients' core is the bottleneck
    let skip = 1;
    socket.on('message', (data: Buffer) => {
      // Only feed frames count (not hello or the subscribe ack), and the first of them is the
      // snapshot (on the bare server: its first frame), not a live delivery. Checked on the bytes:
      // decoding every 1.3 kB frame on all N clients made the clients' core the bottleneck for
      // both servers, and its queueing showed up as server latency.
      if (data.compare(feedPrefix, 0, feedPrefix.length, 0, feedPrefix.length) !== 0) return;
      if (skip > 0) {
        skip -= 1;
        return;
      }
      frames += 1;
      if (!measured) return;
      const text = data.toString('latin1');
      const at = text.indexOf(marker);
      if (at < 0) return;
      const sent = Date.parse(text.slice(at + marker.length, at + marker.length + 24));
      if (!Number.isNaN(sent)) latencies.push(Date.now() - sent);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        resolve();
      });
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'subscribe', matchId, audience: 'venue' }));
    sockets.push(socket);
  }
  process.stdout.write('ready\n');
  // The orchestrator says when the play window is over.
  await new Promise<void>((resolve) => {
    process.stdin.once('data', () => {
      resolve();
    });
  });
  // Summarised here: a list of every sample is too long a line for a pipe read in one go.
  const sorted = latencies.sort((a, b) => a - b);
  const report: ClientReport = {
    connected: sockets.length,
    frames,
    latency: sorted.length === 0 ? null : summarize(sorted),
  };
  for (const socket of sockets) socket.terminate();
  // Exit only once the line is flushed: stdout to a pipe is asynchronous.
  process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));
}

// ---------- bare role: a plain ws server broadcasting same-size frames at 20/s ----------
function runBare(template: string): void {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('listening', () => {
    const address = server.address();
    process.stdout.write(
      `listening ${typeof address === 'object' && address !== null ? String(address.port) : ''}\n`,
    );
  });
  let timer: NodeJS.Timeout | undefined;
  let sent = 0;
  process.stdin.on('data', (chunk: Buffer) => {
    if (chunk.toString().startsWith('start')) {
      timer = setInterval(() => {
        // Encoded once, the same bytes to every client, sent the way the gateway sends them (one
        // websocket frame built once, written to each socket): the floor it is measured against.
        const frame = Buffer.from(template.replace('@@TIME@@', new Date().toISOString()), 'utf8');
        sent += 1;
        for (const client of server.clients) sendPrebuilt(client, frame);
      }, 1000 / EVENTS_PER_SECOND);
    } else {
      clearInterval(timer);
      process.stdout.write(`sent ${String(sent)}\n`, () => process.exit(0));
    }
  });
}

// ---------- orchestrator ----------
function cpuMs(pid: number): number {
  const fields =
    readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime in clock ticks (100 Hz)
}
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${String(pid)}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? '0') / 1024;
}

function pinned(core: number, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn('taskset', ['-c', String(core), process.execPath, ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

function lineFrom(child: ChildProcess, pattern: RegExp, timeoutMs = 120_000): Promise<RegExpExecArray> {
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`timed out waiting for ${String(pattern)}: ${output.slice(-500)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  });
}

function call(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return callApi(url, OPERATOR, method, path, body);
}

/**
 * The recorded bot match through the HTTP API, one POST per command as an operator keys it,
 * paced so the match writes about 20 events/s.
 */
async function play(url: string, matchId: string, untilMs: number): Promise<number> {
  const { body: created } = (await call(url, 'GET', `/api/matches/${matchId}/state`)) as {
    body: { revision: number };
  };
  let revision = created.revision;
  let events = 0;
  const started = Date.now();
  recorded ??= recordMatch('bench-feeds', 50);
  for (const [key, command] of recorded.entries()) {
    if (Date.now() >= untilMs) break;
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
    const due = started + (events * 1000) / EVENTS_PER_SECOND;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
  }
  return events;
}

interface Row {
  readonly target: string;
  readonly n: number;
  readonly connected: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly delivered: number;
  readonly cpuMicrosPerMessage: number;
  /** Server CPU of the play window (ms) and the events played in it, for the fan-out share. */
  readonly cpuMs: number;
  readonly events: number;
  readonly rss: number;
  readonly eventsPerSecond: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

/** The server logs nothing at warn level when it is up, so ask it. */
async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server at ${url} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function clientsFor(wsUrl: string, matchId: string, n: number): Promise<ChildProcess> {
  const clients = pinned(1, [
    '--import',
    'tsx',
    'bench/feeds.bench.ts',
    '--role=clients',
    wsUrl,
    matchId,
    String(n),
  ]);
  await lineFrom(clients, /ready\n/);
  return clients;
}

async function finish(clients: ChildProcess): Promise<ClientReport> {
  const report = lineFrom(clients, /(\{.*\})\n/);
  clients.stdin?.write('done\n');
  const [, json] = await report;
  return JSON.parse(json ?? '{}') as ClientReport;
}

async function gatewayRun(n: number): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-bench-feeds-'));
  const port = await freePort();
  const server = pinned(0, [...SERVER_NODE_ARGS, 'apps/server/dist/main.js'], {
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
    await call(url, 'POST', '/api/matches', {
      matchId,
      table: 't1',
      format: { kind: 'fixedDeals', deals: 50 },
      teams: { NS: { id: 'a', name: 'A' }, EW: { id: 'b', name: 'B' } },
      players: (['S', 'E', 'N', 'W'] as const).map((seat) => ({ id: `p${seat}`, name: seat, seat })),
    });
    const clients = await clientsFor(`${url.replace('http', 'ws')}/ws`, matchId, n);
    const pid = server.pid ?? 0;
    const cpuBefore = cpuMs(pid);
    const started = Date.now();
    const events = await play(url, matchId, started + PLAY_MS);
    const cpu = cpuMs(pid) - cpuBefore;
    const seconds = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    const report = await finish(clients);
    const rss = rssMiB(pid);
    // Each event is one venue frame; every connected client should get every one.
    return row('Tablecast gateway', n, report, events, cpu, rss, events / seconds);
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function bareRun(n: number, template: string): Promise<Row> {
  const server = pinned(0, ['--import', 'tsx', 'bench/feeds.bench.ts', '--role=bare', template]);
  server.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  try {
    const [, port = ''] = await lineFrom(server, /listening (\d+)\n/);
    const clients = await clientsFor(`ws://127.0.0.1:${port}`, 'bare', n);
    const pid = server.pid ?? 0;
    const cpuBefore = cpuMs(pid);
    server.stdin?.write('start\n');
    await new Promise((resolve) => setTimeout(resolve, PLAY_MS));
    const sentLine = lineFrom(server, /sent (\d+)\n/);
    const cpu = cpuMs(pid) - cpuBefore;
    server.stdin?.write('stop\n');
    // Minus the first frame, which the clients count as their snapshot.
    const sentFrames = Number((await sentLine)[1]) - 1;
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    const report = await finish(clients);
    // Its timer is starved too when the machine is loaded: report the rate it really sent at.
    return row('bare ws', n, report, sentFrames, cpu, 0, (sentFrames * 1000) / PLAY_MS);
  } finally {
    await stopProcess(server);
  }
}

interface MeasuredRow extends Row {
  readonly fanOutCpuMicros: number;
}

/** Each column's median over the rounds of one (server, N) (the lower one of an even count). */
function medianRow(list: readonly MeasuredRow[]): MeasuredRow {
  const [first] = list;
  if (first === undefined) throw new Error('no rounds to summarise');
  const median = (pick: (r: MeasuredRow) => number): number =>
    list.map(pick).sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? NaN;
  return {
    target: first.target,
    n: first.n,
    connected: median((r) => r.connected),
    p50: median((r) => r.p50),
    p99: median((r) => r.p99),
    max: median((r) => r.max),
    delivered: median((r) => r.delivered),
    cpuMicrosPerMessage: median((r) => r.cpuMicrosPerMessage),
    cpuMs: median((r) => r.cpuMs),
    events: median((r) => r.events),
    rss: median((r) => r.rss),
    eventsPerSecond: median((r) => r.eventsPerSecond),
    fanOutCpuMicros: median((r) => r.fanOutCpuMicros),
  };
}

function row(
  target: string,
  n: number,
  report: ClientReport,
  events: number,
  cpu: number,
  rss: number,
  eventsPerSecond: number,
): Row {
  const s = report.latency ?? { median: NaN, p99: NaN, max: NaN };
  const expected = events * report.connected;
  const delivered = Math.min(report.frames, expected);
  return {
    target,
    n,
    connected: report.connected,
    p50: s.median,
    p99: s.p99,
    max: s.max,
    delivered: expected === 0 ? 0 : (100 * delivered) / expected,
    cpuMicrosPerMessage: delivered === 0 ? NaN : (cpu * 1000) / delivered,
    cpuMs: cpu,
    events,
    rss,
    eventsPerSecond,
  };
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
    await call(url, 'POST', '/api/matches', {
      matchId,
      table: 't1',
      format: { kind: 'fixedDeals', deals: 50 },
      teams: { NS: { id: 'a', name: 'A' }, EW: { id: 'b', name: 'B' } },
      players: (['S', 'E', 'N', 'W'] as const).map((seat) => ({ id: `p${seat}`, name: seat, seat })),
    });
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

async function orchestrate(): Promise<void> {
  // This process drives the match over HTTP: on the clients' core, never on the server's, where
  // it would be billed to neither server but would delay the one it shares the core with.
  execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
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
  // The same play window with no spectator: what each server spends on everything but the fan-out
  // (the match's HTTP commands, rules, log, projections and ledger on the Tablecast server; the
  // timer and encoding on the bare one), per event played.
  const idle = new Map<string, number>();
  for (const run of [() => bareRun(0, template), () => gatewayRun(0)]) {
    const result = await run();
    process.stderr.write(`no spectators: ${JSON.stringify(result)}\n`);
    idle.set(result.target, result.events === 0 ? 0 : result.cpuMs / result.events);
  }
  const fanOutMicros = (r: Row): number => {
    const delivered = (r.delivered / 100) * r.events * r.connected;
    return delivered === 0 ? NaN : ((r.cpuMs - (idle.get(r.target) ?? 0) * r.events) * 1000) / delivered;
  };
  const rows: MeasuredRow[] = [];
  for (const n of SIZES) {
    const rounds = new Map<string, MeasuredRow[]>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const run of [() => bareRun(n, template), () => gatewayRun(n)]) {
        const result = await run();
        const measured = { ...result, fanOutCpuMicros: fanOutMicros(result) };
        process.stderr.write(`${JSON.stringify(measured)}\n`);
        rounds.set(result.target, [...(rounds.get(result.target) ?? []), measured]);
      }
    }
    for (const list of rounds.values()) rows.push(medianRow(list));
  }
  const largest = (target: string): number =>
    Math.max(
      0,
      ...rows.filter((r) => r.target === target && r.p99 < 100 && r.delivered >= 99.9).map((r) => r.n),
    );
  const table = markdownTable(
    [
      'server',
      'N',
      'p50 ms',
      'p99 ms',
      'max ms',
      'delivered %',
      'server CPU µs / delivered msg',
      'fan-out CPU µs / delivered msg',
      'server RSS MiB',
      'events/s',
    ],
    rows.map((r) => [
      r.target,
      String(r.n),
      fmt(r.p50, 0),
      fmt(r.p99, 0),
      fmt(r.max, 0),
      fmt(r.delivered, 1),
      fmt(r.cpuMicrosPerMessage, 1),
      fmt(r.fanOutCpuMicros, 1),
      r.rss === 0 ? '' : fmt(r.rss, 0),
      fmt(r.eventsPerSecond, 1),
    ]),
  );
  const precision = await releasePrecision();
  process.stderr.write(`release precision: ${JSON.stringify(precision)}\n`);
  const loadavg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  process.stdout.write(
    [
      '## Feeds: websocket fan-out (issue 7)',
      '',
      `Venue feed of one match: a bot match recorded beforehand, played back through the HTTP API (one POST per command, as an operator keys it) at about ${String(EVENTS_PER_SECOND)} events/s for ${String(PLAY_MS / 1000)} s; server on core 0, clients on core 1 (taskset); latency sampled on one client in ten; ${ROUNDS > 1 ? `each cell the median of ${String(ROUNDS)} alternating rounds` : 'one round'}. Load average at the end: ${loadavg} (the machine is shared).`,
      '',
      'The Tablecast server also runs the match (HTTP commands, rules, log, projections, disclosure ledger) on its core; the bare server only broadcasts. "Fan-out CPU" subtracts from each server the CPU per event of the same play window with no spectator connected, so it compares the two broadcasts alone (the issue\'s 1.25x target); "server CPU" is the whole process.',
      '',
      table,
      '',
      `Largest N with p99 under 100 ms and everything delivered: Tablecast ${String(largest('Tablecast gateway'))}, bare ws ${String(largest('bare ws'))}.`,
      '',
      `Release precision of the broadcast feed (${String(PRECISION_DELAY_MS / 1000)} s delay, same match rate, 1,000 venue spectators connected; from the disclosure ledger):`,
      '',
      markdownTable(
        ['releases', 'early', 'lateness p50 ms', 'lateness p99 ms', 'lateness max ms', 'target'],
        [
          [
            String(precision.releases),
            String(precision.early),
            fmt(precision.summary.median, 0),
            fmt(precision.summary.p99, 0),
            fmt(precision.summary.max, 0),
            'p99 within 50 ms, never early',
          ],
        ],
      ),
    ].join('\n'),
  );
}

if (role === 'clients') {
  void runClients(process.argv[3] ?? '', process.argv[4] ?? '', Number(process.argv[5]));
} else if (role === 'bare') {
  runBare(process.argv[3] ?? '');
} else {
  orchestrate().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
