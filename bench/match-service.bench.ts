/**
 * Match service benchmarks (issue #5): command round trip with 8 tables playing at once
 * (HTTP in -> validated -> appended -> projection updated), sustained commands/s of one server
 * process, and a full projection rebuild of a 5,000-event match.
 *
 * The server runs as its own process (the built apps/server/dist/main.js), the clients here.
 */
import { matchStream } from '@tablecast/events';
import {
  cga2017,
  decide,
  evolve,
  initialState,
  randomLegalCommand,
  type GuandanCommand,
  type GuandanEvent,
  type MatchState,
} from '@tablecast/guandan';
import { seededPrng } from '@tablecast/cards';
import type { ClientCommand } from '@tablecast/protocol';
import {
  MatchProjection,
  openEmbeddedEventStore,
  ProjectionDb,
  rebuildProjections,
  toClientCommand,
} from '@tablecast/server';
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callApi } from './lib/http';
import { processCpuMs, stopProcess } from './lib/process';
import { fmt, markdownTable, summarize } from './lib/stats';

const TABLES = Number(process.env.BENCH_TABLES ?? 8);
const COMMANDS_PER_TABLE = Number(process.env.BENCH_COMMANDS ?? 400);
const OPERATOR = 'bench-operator-token-0001';

/** A free loopback port (the kernel picks it; released just before the server takes it). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** The built server in its own process; ready once /healthz answers (its logs are at warn). */
async function startServer(
  dataDir: string,
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS lets a profiling run pass e.g. `--cpu-prof` to the server process.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  // The server gets core 0 to itself and the bot clients (this process) core 1, so the clients'
  // move generation does not queue in front of the server's work.
  const child = spawn('taskset', ['-c', '0', process.execPath, ...nodeArgs, 'apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      TABLECAST_DATA_DIR: dataDir,
      TABLECAST_TOKENS: `operator:*=${OPERATOR}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${String(port)}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${String(child.exitCode)}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      if (attempt > 300) throw new Error('server did not come up within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.pid === undefined) throw new Error('server has no pid');
  return { url, pid: child.pid, stop: () => stopProcess(child) };
}

function call(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return callApi(url, OPERATOR, method, path, body);
}

interface Answer {
  readonly revision: number;
  readonly events: readonly { readonly type: string; readonly data: unknown }[];
}

/** Folds the events of a command answer into the client's own copy of the match. */
function follow(state: MatchState, answer: Answer): MatchState {
  let next = state;
  for (const event of answer.events) next = evolve(next, event as GuandanEvent);
  return next;
}

/**
 * One table: create, then bot commands. The bot follows the match from the events in each command
 * answer (as the operator console does), so the only reads are the measured ones. With `awaitProjection`
 * each round trip is POST command + GET scoreboard at the returned revision, which waits until the
 * projection has applied the command; without it the table only sends commands (throughput).
 */
async function playTable(
  url: string,
  matchId: string,
  table: number,
  commands: number,
  awaitProjection: boolean,
  samples: number[],
): Promise<number> {
  const created = (await call(url, 'POST', '/api/matches', {
    matchId,
    table: `t${String(table)}`,
    format: { kind: 'fixedDeals', deals: 50 },
    teams: { NS: { id: 'a', name: 'A' }, EW: { id: 'b', name: 'B' } },
    players: (['S', 'E', 'N', 'W'] as const).map((seat) => ({ id: `p${seat}`, name: seat, seat })),
  })) as { body: Answer };
  let state = follow(initialState(), created.body);
  let revision = created.body.revision;
  const prng = seededPrng(`bench-${matchId}`);
  let sent = 0;
  while (sent < commands && state.status !== 'ended') {
    const bot = randomLegalCommand(state, prng);
    const command: ClientCommand = bot === null ? { type: 'DealCards' } : toClientCommand(bot);
    const start = process.hrtime.bigint();
    const answer = (await call(url, 'POST', `/api/matches/${matchId}/commands`, {
      revision,
      idempotencyKey: `${matchId}-${String(sent)}`,
      command,
    })) as { status: number; body: Answer };
    if (answer.status !== 200)
      throw new Error(`command refused ${String(answer.status)}: ${JSON.stringify(answer.body)}`);
    revision = answer.body.revision;
    if (awaitProjection) {
      const read = await call(
        url,
        'GET',
        `/api/matches/${matchId}/scoreboard?minRevision=${String(revision)}`,
      );
      if (read.status !== 200) throw new Error(`scoreboard read failed with ${String(read.status)}`);
    }
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    state = follow(state, answer.body);
    sent += 1;
  }
  return sent;
}

interface Phase {
  readonly commands: number;
  readonly seconds: number;
  readonly serverCpuMs: number;
  readonly samples: number[];
}

/** TABLES tables at once on one server; returns what the phase took, as seen by clients and by /proc. */
async function phase(
  server: { url: string; pid: number },
  name: string,
  awaitProjection: boolean,
): Promise<Phase> {
  const samples: number[] = [];
  const cpuBefore = processCpuMs(server.pid);
  const start = process.hrtime.bigint();
  const counts = await Promise.all(
    Array.from({ length: TABLES }, (_, t) =>
      playTable(
        server.url,
        `bench_${name}_${String(t + 1)}`,
        t + 1,
        COMMANDS_PER_TABLE,
        awaitProjection,
        samples,
      ),
    ),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const commands = counts.reduce((a, b) => a + b, 0);
  process.stderr.write(`${name}: ${String(commands)} commands in ${fmt(seconds)} s\n`);
  return { commands, seconds, serverCpuMs: processCpuMs(server.pid) - cpuBefore, samples };
}

async function roundTrips(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-bench-'));
  const server = await startServer(dataDir);
  process.stderr.write(`server at ${server.url}\n`);
  try {
    const latency = await phase(server, 'latency', true);
    const throughput = await phase(server, 'throughput', false);
    const s = summarize(latency.samples);
    const cpuPerCommand = throughput.serverCpuMs / throughput.commands;
    return markdownTable(
      ['figure', 'value', 'target'],
      [
        [`command round trip, median (${String(TABLES)} tables at once)`, `${fmt(s.median)} ms`, ''],
        [`command round trip, p99 (${String(TABLES)} tables at once)`, `${fmt(s.p99)} ms`, 'under 10 ms'],
        ['round trips measured', String(latency.commands), ''],
        [
          `sustained commands/s, one server process (${String(TABLES)} tables sending commands only)`,
          fmt(throughput.commands / throughput.seconds, 0),
          'at least 1,000',
        ],
        ['server CPU per command (commands only)', `${fmt(cpuPerCommand, 3)} ms`, ''],
        [
          'server CPU per round trip (command + projection read)',
          `${fmt(latency.serverCpuMs / latency.commands, 3)} ms`,
          '',
        ],
      ],
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A whole game to past A as the rules engine decides it with random legal bots: the first seed
 * whose game reaches 5,000 events, or the longest of 60 (real games rarely run that long).
 */
function longMatch(): GuandanEvent[] {
  let longest: GuandanEvent[] = [];
  for (let attempt = 0; attempt < 60 && longest.length < 5_000; attempt += 1) {
    let state = initialState();
    const prng = seededPrng(`rebuild-fixture-${String(attempt)}`);
    const events: GuandanEvent[] = [];
    const apply = (command: GuandanCommand): void => {
      const decision = decide(command, state);
      if (!decision.ok) throw new Error(`${decision.rule}: ${decision.message}`);
      for (const event of decision.events) {
        state = evolve(state, event);
        events.push(event);
      }
    };
    apply({
      type: 'CreateMatch',
      table: 'bench',
      ruleset: cga2017,
      format: { kind: 'toPastAce' },
      teams: { NS: { id: 'a', name: 'A' }, EW: { id: 'b', name: 'B' } },
      players: (['S', 'E', 'N', 'W'] as const).map((seat) => ({ id: `p${seat}`, name: seat, seat })),
      now: 0,
    });
    let deal = 0;
    while (state.status !== 'ended') {
      const next = randomLegalCommand(state, prng);
      if (next === null) {
        deal += 1;
        apply({ type: 'DealCards', seed: `deal-${String(deal)}`, salt: `salt-${String(deal)}`, now: deal });
      } else apply(next);
    }
    if (events.length > longest.length) longest = events;
  }
  return longest;
}

/** Full rebuild of the read models from the log of one long match. */
async function rebuild(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-bench-rebuild-'));
  const store = openEmbeddedEventStore(dataDir);
  try {
    const events = longMatch();
    const metadata = {
      correlationId: 'bench',
      causationId: null,
      actor: { id: 'bench', role: 'operator' as const },
    };
    const stream = matchStream('rebuild_5k');
    let expected: number | 'no_stream' = 'no_stream';
    for (let i = 0; i < events.length; i += 500) {
      const result = await store.append(
        stream,
        events.slice(i, i + 500).map((e) => ({ ...e, metadata })),
        expected,
      );
      expected = result.nextRevision;
    }
    const timings: number[] = [];
    let last = '';
    for (let run = 0; run < 7; run += 1) {
      const scratch = mkdtempSync(join(tmpdir(), 'tablecast-bench-proj-'));
      const db = new ProjectionDb(scratch);
      const start = process.hrtime.bigint();
      const result = await rebuildProjections(store, db);
      timings.push(Number(process.hrtime.bigint() - start) / 1e6);
      last = `${String(result.events)} events, revision ${String(new MatchProjection(db).read('rebuild_5k')?.revision)}`;
      db.close();
      rmSync(scratch, { recursive: true, force: true });
    }
    const s = summarize(timings);
    process.stderr.write(`rebuild: ${last}\n`);
    return markdownTable(
      ['figure', 'value', 'target'],
      [
        [
          `full projection rebuild of a ${String(events.length)}-event match, median of 7`,
          `${fmt(s.median)} ms`,
          'under 100 ms',
        ],
        ['same, slowest of 7', `${fmt(s.max)} ms`, ''],
      ],
    );
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  // This process (the bot clients) runs on core 1; the server is started on core 0.
  spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  const rebuildTable = await rebuild();
  const roundTripTable = await roundTrips();
  process.stdout.write(
    `## Match service (issue #5)\n\n${roundTripTable}\n\n${rebuildTable}\n\n` +
      `Round trip = POST a command, then GET the scoreboard at the returned revision, which answers once the ` +
      `projection has applied the command (so it includes validation by the rules engine, the SQLite append and ` +
      `the projection update). ${String(TABLES)} tables play at once with random legal bots that follow the match ` +
      `from the events in each command answer; the throughput phase sends commands only. The server runs on ` +
      `core 0 and the clients on core 1 (taskset); the server's CPU time comes from /proc.\n`,
  );
}

void main();
