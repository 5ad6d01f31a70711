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
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callApi } from './lib/http';
import { stopProcess } from './lib/process';
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
async function startServer(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
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
  return {
    url,
    stop: () => stopProcess(child),
  };
}

function call(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return callApi(url, OPERATOR, method, path, body);
}

/** One table: deal, then bot commands; each round trip is POST command + GET state at that revision. */
async function playTable(url: string, table: number, samples: number[]): Promise<number> {
  const matchId = `bench_t${String(table)}`;
  const created = (await call(url, 'POST', '/api/matches', {
    matchId,
    table: `t${String(table)}`,
    format: { kind: 'fixedDeals', deals: 50 },
    teams: { NS: { id: 'a', name: 'A' }, EW: { id: 'b', name: 'B' } },
    players: (['S', 'E', 'N', 'W'] as const).map((seat) => ({ id: `p${seat}`, name: seat, seat })),
  })) as { body: { revision: number } };
  let revision = created.body.revision;
  const prng = seededPrng(`bench-${String(table)}`);
  let sent = 0;
  let key = 0;
  while (sent < COMMANDS_PER_TABLE) {
    const { body } = (await call(
      url,
      'GET',
      `/api/matches/${matchId}/state?minRevision=${String(revision)}`,
    )) as { body: { revision: number; state: MatchState } };
    const bot = randomLegalCommand(body.state, prng);
    const command: ClientCommand = bot === null ? { type: 'DealCards' } : toClientCommand(bot);
    if (body.state.status === 'ended') break;
    key += 1;
    const start = process.hrtime.bigint();
    const answer = (await call(url, 'POST', `/api/matches/${matchId}/commands`, {
      revision: body.revision,
      idempotencyKey: `${matchId}-${String(key)}`,
      command,
    })) as { status: number; body: { revision: number } };
    if (answer.status !== 200)
      throw new Error(`command refused ${String(answer.status)}: ${JSON.stringify(answer.body)}`);
    revision = answer.body.revision;
    await call(url, 'GET', `/api/matches/${matchId}/state?minRevision=${String(revision)}`);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    sent += 1;
    if (sent % 100 === 0) process.stderr.write(`table ${String(table)}: ${String(sent)} commands\n`);
  }
  return sent;
}

async function roundTrips(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-bench-'));
  const server = await startServer(dataDir);
  process.stderr.write(`server at ${server.url}\n`);
  try {
    const samples: number[] = [];
    const start = process.hrtime.bigint();
    const counts = await Promise.all(
      Array.from({ length: TABLES }, (_, t) => playTable(server.url, t + 1, samples)),
    );
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const total = counts.reduce((a, b) => a + b, 0);
    const s = summarize(samples);
    process.stderr.write(`round trips: ${String(total)} commands in ${fmt(seconds)} s\n`);
    return markdownTable(
      ['figure', 'value', 'target'],
      [
        ['command round trip, median (8 tables at once)', `${fmt(s.median)} ms`, ''],
        ['command round trip, p99 (8 tables at once)', `${fmt(s.p99)} ms`, 'under 10 ms'],
        ['commands measured', String(total), ''],
        // Each command also costs the client one GET to pick its next move and one GET to wait for the projection.
        [
          'sustained commands/s, one server process (with 2 reads per command)',
          fmt(total / seconds, 0),
          'at least 1,000',
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
  const rebuildTable = await rebuild();
  const roundTripTable = await roundTrips();
  process.stdout.write(
    `## Match service (issue #5)\n\n${roundTripTable}\n\n${rebuildTable}\n\n` +
      `Round trip = POST a command, then GET the staff read model at the returned revision (so it includes ` +
      `validation by the rules engine, the SQLite append and the projection update). ${String(TABLES)} tables play at ` +
      `once with random legal bots; server and clients share this machine's 2 cores.\n`,
  );
}

void main();
