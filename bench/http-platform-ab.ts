/**
 * A/B of two builds of the server in ONE run (the Express -> Fastify switch): the same
 * bot matches (same seeds) are played on both, in alternating chunks, so a change of the shared
 * machine's load falls on both alike; server CPU per command and per trivial guarded GET
 * (`/api/whoami`) come from /proc. Not part of `npm run bench` (it needs two builds):
 *
 *   cp -r apps/server/dist /tmp/dist-a   # build A; then change, `npx tsc -b tsconfig.json`
 *   npx tsx bench/http-platform-ab.ts /tmp/dist-a apps/server/dist
 *
 * A copy of apps/server/dist runs the libraries (their dist folders) as built now, so for a change in
 * libs/ make each build with `bash bench/snapshot-build.sh <dir>` (the libs copied with it) and
 * pass `<dir>/dist`. The builds are copies anywhere under this checkout or outside it; each runs
 * with its event loop on core 0 like the match-service bench's server. AB_CHUNKS, AB_CHUNK, AB_GETS shorten or
 * lengthen it. CPU is summed over the server's threads (schedstat, ns), so the checkpoint thread
 * counts. Besides each build's CPU per command over all its chunks, it prints B's CPU per command
 * over A's for each pair of adjacent chunks (median and quartiles): a burst of the machine's load
 * during one chunk moves one pair, not the result.
 */
import { seededPrng, type Prng } from '@tablecast/cards';
import {
  guandanInitialState as initialState,
  type GuandanState as MatchState,
} from '@tablecast/games/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchMatchRequest, followAnswer, nextBotCommand, type MatchAnswer } from './lib/bot-match';
import { callApi } from './lib/http';
import { startServer } from './lib/match-server';
import { threadsCpuMs } from './lib/process';
import { percentile } from './lib/stats';

const OPERATOR = 'bench-operator-token-0001';
const TABLES = 8;
/** Commands per table in one chunk, chunks per build, and guarded GETs per build in all. */
const CHUNK = Number(process.env.AB_CHUNK ?? 20);
const CHUNKS = Number(process.env.AB_CHUNKS ?? 14);
const GETS = Number(process.env.AB_GETS ?? 2100);

interface Server {
  readonly dist: string;
  readonly url: string;
  readonly pid: number;
  readonly dataDir: string;
  readonly stop: () => Promise<void>;
}

interface Table {
  readonly matchId: string;
  readonly prng: Prng;
  state: MatchState;
  revision: number;
  sent: number;
}

/**
 * One build's server, pinned like the match-service bench's (its event loop on core 0).
 * AB_NODE_ARGS_A / AB_NODE_ARGS_B, when set, replace BENCH_SERVER_NODE_ARGS for that build only:
 * an A/B of a Node or V8 option on one build.
 */
async function start(dist: string, arm: 'A' | 'B'): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-ab-'));
  const shared = process.env.BENCH_SERVER_NODE_ARGS;
  const own = process.env[`AB_NODE_ARGS_${arm}`];
  if (own !== undefined) process.env.BENCH_SERVER_NODE_ARGS = own;
  try {
    const server = await startServer(dataDir, OPERATOR, join(dist, 'main.js'));
    return { dist, dataDir, ...server };
  } finally {
    if (shared === undefined) delete process.env.BENCH_SERVER_NODE_ARGS;
    else process.env.BENCH_SERVER_NODE_ARGS = shared;
  }
}

async function createTables(server: Server): Promise<Table[]> {
  const tables: Table[] = [];
  for (let t = 0; t < TABLES; t += 1) {
    const matchId = `ab_table_${String(t)}`;
    const created = await callApi(
      server.url,
      OPERATOR,
      'POST',
      '/api/matches',
      benchMatchRequest(matchId, t),
    );
    const answer = created.body as MatchAnswer;
    tables.push({
      matchId,
      prng: seededPrng(`ab-${String(t)}`),
      state: followAnswer(initialState(), answer),
      revision: answer.revision,
      sent: 0,
    });
  }
  return tables;
}

/** CHUNK commands per table, the tables at once; returns how many were sent. */
async function playChunk(server: Server, tables: readonly Table[]): Promise<number> {
  const counts = await Promise.all(
    tables.map(async (table) => {
      let sent = 0;
      for (; sent < CHUNK && table.state.status !== 'ended'; sent += 1) {
        const command = nextBotCommand(table.state, table.prng);
        const answer = await callApi(server.url, OPERATOR, 'POST', `/api/matches/${table.matchId}/commands`, {
          revision: table.revision,
          idempotencyKey: `${table.matchId}-${String(table.sent)}`,
          command,
        });
        if (answer.status !== 200)
          throw new Error(
            `${server.dist}: command refused ${String(answer.status)}: ${JSON.stringify(answer.body)}`,
          );
        const accepted = answer.body as MatchAnswer;
        table.revision = accepted.revision;
        table.state = followAnswer(table.state, accepted);
        table.sent += 1;
      }
      return sent;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** `count` guarded GETs, 8 at a time. */
async function gets(server: Server, count: number): Promise<void> {
  let left = count;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (; left > 0; left -= 1) {
        const answer = await callApi(server.url, OPERATOR, 'GET', '/api/whoami');
        if (answer.status !== 200)
          throw new Error(`${server.dist}: whoami answered ${String(answer.status)}`);
      }
    }),
  );
}

async function main(): Promise<void> {
  const dists = process.argv.slice(2).map((dist) => resolve(dist));
  const [distA, distB] = dists;
  if (dists.length !== 2 || distA === undefined || distB === undefined) {
    throw new Error('usage: npx tsx bench/http-platform-ab.ts <dist A> <dist B>');
  }
  const servers = [await start(distA, 'A'), await start(distB, 'B')];
  try {
    const tables = await Promise.all(servers.map(createTables));
    const figures = servers.map(() => ({ commands: 0, commandCpuMs: 0, getCpuMs: 0 }));
    /** B's CPU per command over A's, per chunk (each chunk runs A and B next to each other). */
    const ratios: number[] = [];
    const getsPerChunk = Math.round(GETS / CHUNKS);
    // Warm-up (JIT) on both, not counted.
    for (const [i, server] of servers.entries()) {
      await playChunk(server, tables[i] ?? []);
      await gets(server, getsPerChunk);
    }
    for (let chunk = 0; chunk < CHUNKS; chunk += 1) {
      // A then B, then B then A: neither build always runs right after the other.
      const order = chunk % 2 === 0 ? [0, 1] : [1, 0];
      const perCommand = [0, 0];
      for (const i of order) {
        const server = servers[i];
        const figure = figures[i];
        if (server === undefined || figure === undefined) continue;
        const before = threadsCpuMs(server.pid);
        const commands = await playChunk(server, tables[i] ?? []);
        const between = threadsCpuMs(server.pid);
        await gets(server, getsPerChunk);
        figure.commands += commands;
        figure.commandCpuMs += between - before;
        figure.getCpuMs += threadsCpuMs(server.pid) - between;
        perCommand[i] = (between - before) / Math.max(1, commands);
      }
      const [a, b] = perCommand;
      if (a !== undefined && b !== undefined && a > 0 && b > 0) ratios.push(b / a);
    }
    for (const [i, server] of servers.entries()) {
      const figure = figures[i];
      if (figure === undefined) continue;
      process.stdout.write(
        `${server.dist}: ${String(figure.commands)} commands, server CPU ` +
          `${(figure.commandCpuMs / figure.commands).toFixed(3)} ms per command, ` +
          `${(figure.getCpuMs / (getsPerChunk * CHUNKS)).toFixed(3)} ms per guarded GET\n`,
      );
    }
    const sorted = [...ratios].sort((x, y) => x - y);
    if (sorted.length > 0) {
      process.stdout.write(
        `B/A CPU per command, ${String(sorted.length)} chunk pairs: median ` +
          `${percentile(sorted, 50).toFixed(3)} (quartiles ${percentile(sorted, 25).toFixed(3)}-` +
          `${percentile(sorted, 75).toFixed(3)})\n`,
      );
    }
  } finally {
    for (const server of servers) {
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
}

void main();
