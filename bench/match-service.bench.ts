/**
 * Match service benchmarks: command round trip with 8 tables playing at once
 * (HTTP in -> validated -> appended -> projection updated), sustained commands/s of one server
 * process, and a full projection rebuild of a 5,000-event match.
 *
 * The latency target is measured OPEN-LOOP at a stated offered load (lib/open-loop.ts): each table
 * keys on a fixed schedule and each round trip is timed from its scheduled send. The closed-loop
 * figures (each table sends the moment its previous answer is in) are kept beside it: they
 * saturate the server, so their latency is mostly queueing behind the other tables.
 *
 * The server runs as its own process (the built apps/server/dist/main.js), the clients here, each
 * event loop pinned to its own core (lib/match-server.ts, pinMainThread); the clients call over
 * kept-alive node:http connections (lib/keep-alive-api.ts).
 */
import { seededPrng } from '@tablecast/cards';
import { guandanInitialState as initialState } from '@tablecast/games/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchMatchRequest, followAnswer, nextBotCommand, type MatchAnswer } from './lib/bot-match';
import { KeepAliveApi } from './lib/keep-alive-api';
import { pinMainThread, startServer } from './lib/match-server';
import { keptUp, latencyMs, sendLagMs, serviceMs } from './lib/open-loop';
import { runOpenLoopTables, type OpenLoopRun } from './lib/open-loop-tables';
import { processCpuMs } from './lib/process';
import { rebuild } from './lib/rebuild-bench';
import { fmt, markdownTable, summarize } from './lib/stats';

/** A setting that must be a positive number; a bad one stops the bench naming the variable. */
function positive(name: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    throw new Error(`${name} must be a positive number, got ${JSON.stringify(value)}`);
  }
  return parsed;
}

const TABLES = Number(process.env.BENCH_TABLES ?? 8);
/** Commands per table in the closed-loop and throughput phases. */
const COMMANDS_PER_TABLE = Number(process.env.BENCH_COMMANDS ?? 400);
/**
 * Commands/s each table keys in the open-loop latency run: one every 40 ms, 200 commands/s from
 * 8 tables, about ten times what a busy real table keys (an operator enters a play every few s).
 */
const TABLE_RATE = positive('BENCH_TABLE_RATE', process.env.BENCH_TABLE_RATE ?? '25');
/** Length of the open-loop latency run at TABLE_RATE. */
const OPEN_LOOP_SECONDS = positive('BENCH_OPEN_LOOP_SECONDS', process.env.BENCH_OPEN_LOOP_SECONDS ?? '15');
/** Offered loads (commands/s over all tables) of the latency-vs-load sweep, and each one's length. */
const SWEEP_RATES = (process.env.BENCH_SWEEP_RATES ?? '100,200,400,800')
  .split(',')
  .filter((rate) => rate.trim() !== '')
  .map((rate) => positive('BENCH_SWEEP_RATES', rate));
const SWEEP_SECONDS = positive('BENCH_SWEEP_SECONDS', process.env.BENCH_SWEEP_SECONDS ?? '5');
const OPERATOR = 'bench-operator-token-0001';

/** The clients' connections to the server under test, opened in roundTrips. */
let api: KeepAliveApi | undefined;

function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  if (api === undefined) throw new Error('no server to call');
  return api.call(method, path, body);
}

/**
 * One table: create, then bot commands. The bot follows the match from the events in each command
 * answer (as the operator console does), so the only reads are the measured ones. With `awaitProjection`
 * each round trip is POST command + GET scoreboard at the returned revision, which waits until the
 * projection has applied the command; without it the table only sends commands (throughput).
 */
async function playTable(
  matchId: string,
  table: number,
  commands: number,
  awaitProjection: boolean,
  samples: number[],
): Promise<number> {
  const created = (await call('POST', '/api/matches', benchMatchRequest(matchId, table))) as {
    body: MatchAnswer;
  };
  let state = followAnswer(initialState(), created.body);
  let revision = created.body.revision;
  const prng = seededPrng(`bench-${matchId}`);
  let sent = 0;
  while (sent < commands && state.status !== 'ended') {
    const command = nextBotCommand(state, prng);
    const start = process.hrtime.bigint();
    const answer = (await call('POST', `/api/matches/${matchId}/commands`, {
      revision,
      idempotencyKey: `${matchId}-${String(sent)}`,
      command,
    })) as { status: number; body: MatchAnswer };
    if (answer.status !== 200)
      throw new Error(`command refused ${String(answer.status)}: ${JSON.stringify(answer.body)}`);
    revision = answer.body.revision;
    if (awaitProjection) {
      const read = await call('GET', `/api/matches/${matchId}/scoreboard?minRevision=${String(revision)}`);
      if (read.status !== 200) throw new Error(`scoreboard read failed with ${String(read.status)}`);
    }
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    state = followAnswer(state, answer.body);
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
      playTable(`bench_${name}_${String(t + 1)}`, t + 1, COMMANDS_PER_TABLE, awaitProjection, samples),
    ),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const commands = counts.reduce((a, b) => a + b, 0);
  process.stderr.write(`${name}: ${String(commands)} commands in ${fmt(seconds)} s\n`);
  return { commands, seconds, serverCpuMs: processCpuMs(server.pid) - cpuBefore, samples };
}

/** Median, p99 and max of an open-loop run, each round trip timed from its scheduled send. */
function openLoopFigures(run: OpenLoopRun): {
  latency: ReturnType<typeof summarize>;
  sendLag: ReturnType<typeof summarize>;
  service: ReturnType<typeof summarize>;
  cpuPerRoundTrip: number;
  busy: number;
  clientBusy: number;
} {
  return {
    latency: summarize(run.samples.map(latencyMs)),
    sendLag: summarize(run.samples.map(sendLagMs)),
    service: summarize(run.samples.map(serviceMs)),
    cpuPerRoundTrip: run.serverCpuMs / run.samples.length,
    busy: run.serverCpuMs / run.wallMs,
    clientBusy: run.clientCpuMs / run.wallMs,
  };
}

function openLoopTable(run: OpenLoopRun): string {
  const f = openLoopFigures(run);
  const load = `${fmt(run.offeredPerSecond, 0)} commands/s offered (${String(TABLES)} tables × ${fmt(TABLE_RATE)}/s)`;
  return markdownTable(
    ['figure', 'value', 'target'],
    [
      [`command round trip, p99, open loop at ${load}`, `${fmt(f.latency.p99)} ms`, 'under 10 ms'],
      ['same, median', `${fmt(f.latency.median)} ms`, ''],
      ['same, max', `${fmt(f.latency.max)} ms`, ''],
      [
        'same round trips timed from their actual send instead, median / p99 (hides waits to send)',
        `${fmt(f.service.median)} / ${fmt(f.service.p99)} ms`,
        '',
      ],
      [
        'offered / achieved commands/s',
        `${fmt(run.offeredPerSecond, 0)} / ${fmt(run.achievedPerSecond, 1)}`,
        '',
      ],
      ['round trips measured', String(f.latency.count), ''],
      [
        'send later than scheduled, median / p99 (previous answer of the table not in yet, or client timers)',
        `${fmt(f.sendLag.median, 3)} / ${fmt(f.sendLag.p99)} ms`,
        '',
      ],
      ['server CPU per round trip (command + projection read)', `${fmt(f.cpuPerRoundTrip, 3)} ms`, ''],
      ['server busy (its CPU time / wall time of the run)', `${fmt(f.busy * 100, 0)} %`, ''],
      ['bench clients busy (their CPU time / wall time of the run)', `${fmt(f.clientBusy * 100, 0)} %`, ''],
      [
        "server's event-loop delay over the run, p99 / max (its /metrics: a 10 ms timer, so 10 ms is on time)",
        run.serverLoopDelay === undefined
          ? 'not in /metrics'
          : `${fmt(run.serverLoopDelay.p99)} / ${fmt(run.serverLoopDelay.max)} ms`,
        '',
      ],
      [
        "bench clients' event-loop delay, p99 / max (a 1 ms timer; an answer left unread behind a late loop is the bench's delay)",
        `${fmt(run.clientLoopDelay.p99)} / ${fmt(run.clientLoopDelay.max)} ms`,
        '',
      ],
    ],
  );
}

function sweepTable(
  rows: readonly (OpenLoopRun | { readonly skipped: number; readonly saturatedAt: number })[],
): string {
  const offered = (row: (typeof rows)[number]): number =>
    'skipped' in row ? row.skipped : row.offeredPerSecond;
  return markdownTable(
    ['offered commands/s', 'achieved', 'median', 'p99', 'max', 'server CPU per round trip', 'server busy'],
    [...rows]
      .sort((a, b) => offered(a) - offered(b))
      .map((row) => {
        if ('skipped' in row) {
          const why = `not run: the server did not keep up with ${fmt(row.saturatedAt, 0)}/s`;
          return [fmt(row.skipped, 0), why, '', '', '', '', ''];
        }
        const f = openLoopFigures(row);
        return [
          fmt(row.offeredPerSecond, 0),
          fmt(row.achievedPerSecond, 1),
          `${fmt(f.latency.median)} ms`,
          `${fmt(f.latency.p99)} ms`,
          `${fmt(f.latency.max)} ms`,
          `${fmt(f.cpuPerRoundTrip, 3)} ms`,
          `${fmt(f.busy * 100, 0)} %`,
        ];
      }),
  );
}

function openLoop(
  server: { url: string; pid: number },
  name: string,
  ratePerTable: number,
  seconds: number,
): Promise<OpenLoopRun> {
  return runOpenLoopTables({
    api: call,
    metrics: () => {
      if (api === undefined) throw new Error('no server to call');
      return api.text('/metrics');
    },
    serverPid: server.pid,
    name,
    tables: TABLES,
    ratePerTable,
    seconds,
  }).then((run) => {
    const p99 = summarize(run.samples.map(latencyMs)).p99;
    process.stderr.write(
      `${name}: ${String(run.samples.length)} round trips at ${fmt(run.offeredPerSecond, 0)}/s offered, ` +
        `${fmt(run.achievedPerSecond, 1)}/s achieved, p99 ${fmt(p99)} ms\n`,
    );
    return run;
  });
}

async function roundTrips(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-bench-'));
  const server = await startServer(dataDir, OPERATOR);
  api = new KeepAliveApi(server.url, OPERATOR);
  process.stderr.write(`server at ${server.url}\n`);
  try {
    // The closed-loop phases also warm the server up (JIT) before the open-loop runs.
    const closed = await phase(server, 'latency', true);
    const throughput = await phase(server, 'throughput', false);
    const open = await openLoop(server, 'open', TABLE_RATE, OPEN_LOOP_SECONDS);
    // From the lowest load up; past the first load the server did not keep up with, a higher
    // one would only measure a longer backlog (and take longer), so it is listed as not run.
    const sweep: (OpenLoopRun | { readonly skipped: number; readonly saturatedAt: number })[] = [open];
    let saturatedAt = keptUp(open.offeredPerSecond, open.achievedPerSecond)
      ? Number.POSITIVE_INFINITY
      : open.offeredPerSecond;
    for (const rate of [...SWEEP_RATES].sort((a, b) => a - b)) {
      if (rate === open.offeredPerSecond) continue;
      if (rate > saturatedAt) {
        sweep.push({ skipped: rate, saturatedAt });
        continue;
      }
      const run = await openLoop(server, `sweep${String(rate)}`, rate / TABLES, SWEEP_SECONDS);
      sweep.push(run);
      if (!keptUp(run.offeredPerSecond, run.achievedPerSecond)) saturatedAt = Math.min(saturatedAt, rate);
    }
    const s = summarize(closed.samples);
    const cpuPerCommand = throughput.serverCpuMs / throughput.commands;
    const saturated = `${String(TABLES)} closed-loop tables, server saturated: latency is queueing`;
    const closedTable = markdownTable(
      ['figure', 'value', 'target'],
      [
        [`command round trip, median (${saturated})`, `${fmt(s.median)} ms`, ''],
        [`command round trip, p99 (${saturated})`, `${fmt(s.p99)} ms`, ''],
        ['round trips measured (closed loop)', String(closed.commands), ''],
        ['achieved round trips/s (closed loop)', fmt(closed.commands / closed.seconds, 0), ''],
        [
          'server CPU per round trip (command + projection read, closed loop)',
          `${fmt(closed.serverCpuMs / closed.commands, 3)} ms`,
          '',
        ],
        [
          `sustained commands/s, one server process (${String(TABLES)} tables sending commands only)`,
          fmt(throughput.commands / throughput.seconds, 0),
          'at least 1,000',
        ],
        ['server CPU per command (commands only)', `${fmt(cpuPerCommand, 3)} ms`, ''],
      ],
    );
    return (
      `### Latency: open loop at ${fmt(open.offeredPerSecond, 0)} commands/s offered\n\n${openLoopTable(open)}\n\n` +
      `### Closed loop (saturation) and sustained throughput\n\n${closedTable}\n\n` +
      `### Latency against offered load (open loop, ${String(TABLES)} tables)\n\n${sweepTable(sweep)}`
    );
  } finally {
    api.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  // This process's event loop (the bot clients) runs on core 1, the server's on core 0; the
  // processes' other threads (V8's GC and compiler helpers) are left free (see pinMainThread).
  pinMainThread(process.pid, 1);
  const rebuildTable = await rebuild();
  const roundTripTable = await roundTrips();
  const period = 1000 / TABLE_RATE;
  process.stdout.write(
    `## Match service\n\n` +
      `Round trip = POST a command at the revision the table last saw, then GET the scoreboard at the returned ` +
      `revision, which answers once the projection has applied the command (so it includes validation by the ` +
      `rules engine, the SQLite append and the projection update).\n\n` +
      `**Open loop (the latency target applies here):** ${String(TABLES)} tables each key a bot match recorded ` +
      `before the timed run, on a fixed schedule of one command every ${fmt(period)} ms ` +
      `(${fmt(TABLE_RATE)} commands/s per table, \`BENCH_TABLE_RATE\`), the tables' schedules spread evenly over ` +
      `that period, so ${fmt(TABLE_RATE * TABLES, 0)} commands/s are offered at an even rate for ` +
      `${fmt(OPEN_LOOP_SECONDS)} s (a busy real table keys a command every few seconds). Each round trip is timed ` +
      `from its scheduled send, not its actual one: a table whose previous round trip is still running sends the ` +
      `moment it finishes, and that wait counts in the latency (no coordinated omission). The sweep repeats this ` +
      `for ${fmt(SWEEP_SECONDS)} s at each other offered load (its ${fmt(TABLE_RATE * TABLES, 0)}/s row is ` +
      `the run above), from the lowest up; where the achieved rate falls under 95 % of the offered one the server ` +
      `is saturated (the latency there grows with the length of the run) and higher loads are not run. Server busy = the server's CPU time over the run's wall time; if a run falls behind ` +
      `while the server is far from 100 % busy, the machine, not the server, was short of CPU.\n\n` +
      `**Closed loop:** ${String(TABLES)} tables with random legal bots (following the match from the events in ` +
      `each answer) each send the next command the moment the previous answer is in, so the server's core is ` +
      `always busy and the latency is mostly waiting behind the other tables' commands; no latency target applies ` +
      `to it. The throughput phase is the same closed loop sending commands only.\n\n` +
      `The server's event loop runs on core 0 and the clients' on core 1 (taskset on the main threads only: V8's ` +
      `GC and compiler helper threads are left free, as on a production machine; pinned with the loop they held ` +
      `it off its core for tens of ms). The clients call over kept-alive node:http connections (fetch cost them ` +
      `about as much CPU per call as the server's work). The server's CPU time (all its threads) comes from /proc ` +
      `(10 ms ticks).\n\n${roundTripTable}\n\n### Rebuild\n\n${rebuildTable}\n`,
  );
}

void main();
