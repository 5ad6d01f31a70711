/**
 * The tournament's server benchmarks (run by tournament.bench.ts): a Guandan Swiss round started at
 * its tables through the API on the built server in its own process, then played by the random
 * legal bot: over kept-alive HTTP, each table following its match from the command answers, or
 * (the qualifier's default) over the seats' own sockets.
 * - Operator pace: a 003 event of 100 pairs (50 tables), each table keying one command every
 *   BENCH_TRN_PACE_MS on a fixed schedule (open loop: a round trip is timed from its scheduled send);
 *   a page on /ws/tournament records when each table's result reaches the standings.
 * - Online qualifier: 200 tables each sending its next command the moment the last is answered.
 *   BENCH_TRN_QUALIFIER_TRANSPORT picks how the bots' commands reach the server: `play` (the
 *   default) as devices play, each seat on its own `/ws/play` socket with its seat token, its bot
 *   deciding from the seat views it receives and keying `command` frames, tribute included (the staff-only commands,
 *   deals, go over HTTP as staff would); `http` every command as staff's
 *   POST /api/matches/<id>/commands, the bots following the whole match from the answers' events.
 *   BENCH_TRN_QUALIFIER_ROLE picks the server's role: `all` (the default) runs everything in the one
 *   process, commands, read models and every table's feed with its disclosure ledger; `api` runs it
 *   as `TABLECAST_ROLE=api` on a log dir of its own, as the scaled-out topology's command process
 *   whose feeds and control singletons (result reactor, turn clock) run in other processes (here in
 *   none).
 */
import { seededPrng } from '@tablecast/cards';
import { guandanInitialState, type GuandanState } from '@tablecast/games/testing';
import type { TournamentFeedServerMessage } from '@tablecast/protocol';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { followAnswer, nextBotCommand, type MatchAnswer } from './lib/bot-match';
import { KeepAliveApi } from './lib/keep-alive-api';
import { pinMainThread, startServer } from './lib/match-server';
import { PlayTable } from './lib/qualifier-play-table';
import { processCpuMs, processWrites } from './lib/process';
import { fmt, markdownTable, summarize } from './lib/stats';

const OPERATOR = 'bench-operator-token-0001';
const REFEREE = 'bench-referee-token-0001';
const ARBITER = 'bench-arbiter-token-0001';
/** How long the qualifier's server is watched at rest (tables open, no command) before the run. */
const REST_MS = 3_000;

/** A setting that must be a positive number; a bad one stops the bench naming the variable. */
export function positiveSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive number, got ${JSON.stringify(raw)}`);
  return parsed;
}

/** How the qualifier's bots send their commands: over the seats' sockets, or all as staff over HTTP. */
export type QualifierTransport = 'http' | 'play';

/** BENCH_TRN_QUALIFIER_TRANSPORT: `play` unless set; anything else stops the bench naming the variable. */
export function qualifierTransport(): QualifierTransport {
  const raw = process.env.BENCH_TRN_QUALIFIER_TRANSPORT ?? 'play';
  if (raw !== 'http' && raw !== 'play')
    throw new Error(`BENCH_TRN_QUALIFIER_TRANSPORT must be http or play, got ${JSON.stringify(raw)}`);
  return raw;
}

/** The qualifier server's role: everything in one process, or only what an api process runs. */
export type QualifierRole = 'all' | 'api';

/** BENCH_TRN_QUALIFIER_ROLE: `all` unless set; anything else stops the bench naming the variable. */
export function qualifierRole(): QualifierRole {
  const raw = process.env.BENCH_TRN_QUALIFIER_ROLE ?? 'all';
  if (raw !== 'all' && raw !== 'api')
    throw new Error(`BENCH_TRN_QUALIFIER_ROLE must be all or api, got ${JSON.stringify(raw)}`);
  // The server refuses it too, but only once booted, and in its own log on stderr.
  if (raw === 'api' && process.env.FEEDS_THREAD === 'worker')
    throw new Error(
      'BENCH_TRN_QUALIFIER_ROLE=api runs no feed producer, so FEEDS_THREAD=worker (a thread for it) does not apply: unset one of them',
    );
  return raw;
}

/** FEEDS_THREAD as the server inherits it, for the section. */
function feedsThread(): string {
  const thread = process.env.FEEDS_THREAD;
  return thread === undefined || thread === '' ? 'FEEDS_THREAD unset (main)' : `FEEDS_THREAD=${thread}`;
}

/** The machine's load as a line of the section: the figures are only comparable on a quiet machine. */
export function machineLoad(label: string): string {
  const [one, five] = loadavg();
  return `Load average ${label}: ${fmt(one ?? 0)} (1 min), ${fmt(five ?? 0)} (5 min) on ${String(cpus().length)} cores.`;
}

interface Running {
  readonly url: string;
  readonly pid: number;
  readonly operator: KeepAliveApi;
  readonly stop: () => Promise<void>;
}

/** The server in the `all` role, or (`api`) as an api process on a fresh log dir inside its temp dir. */
async function boot(role: QualifierRole = 'all'): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-trn-bench-'));
  const logDir = join(dataDir, 'log');
  if (role === 'api') mkdirSync(logDir);
  const server = await startServer(
    dataDir,
    OPERATOR,
    undefined,
    `referee=${REFEREE},arbiter=${ARBITER}`,
    role === 'api' ? { TABLECAST_ROLE: 'api', TABLECAST_LOG_DIR: logDir } : {},
  );
  pinMainThread(process.pid, 1);
  const operator = new KeepAliveApi(server.url, OPERATOR);
  return {
    url: server.url,
    pid: server.pid,
    operator,
    stop: async () => {
      operator.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a Swiss event, imports its pairs, pairs, publishes and starts round 1; the tables' match ids. */
async function startRound(
  url: string,
  event: { id: string; pairs: number; ruleset: 'cga2017' | 'cesa2023'; deals: number },
): Promise<{ matchIds: string[]; importMs: number; startMs: number }> {
  const arbiter = new KeepAliveApi(url, ARBITER);
  const referee = new KeepAliveApi(url, REFEREE);
  const ok = async (api: KeepAliveApi, path: string, body?: unknown): Promise<unknown> => {
    const answer = await api.call('POST', `/api/tournaments${path}`, body);
    if (answer.status >= 300)
      throw new Error(`POST ${path}: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  try {
    await ok(arbiter, '', {
      tournamentId: event.id,
      name: event.id,
      ruleset: event.ruleset,
      stages: [{ format: 'swiss', venue: 'onSite', rounds: 6, unit: { games: event.deals, bestOf: false } }],
      options: { pairingRules: event.ruleset === 'cesa2023' ? '003' : '000' },
    });
    const csv = [
      'entrant,name,unit,seed',
      ...Array.from(
        { length: event.pairs },
        (_, i) => `P${String(i + 1)},Pair ${String(i + 1)},U${String(i % 16)},${String(i + 1)}`,
      ),
    ].join('\n');
    const importStart = performance.now();
    await ok(arbiter, `/${event.id}/entrants`, { csv });
    const importMs = performance.now() - importStart;
    await ok(arbiter, `/${event.id}/rounds`, {});
    await ok(arbiter, `/${event.id}/rounds/1/publish`);
    const startStart = performance.now();
    const started = (await ok(referee, `/${event.id}/rounds/1/start`)) as { tables: { matchId: string }[] };
    return {
      matchIds: started.tables.map((t) => t.matchId),
      importMs,
      startMs: performance.now() - startStart,
    };
  } finally {
    arbiter.close();
    referee.close();
  }
}

/** One table's client: its match as of the last answer, and how to key its next command. */
class Table {
  private state: GuandanState;
  private revision: number;
  private sent = 0;
  private readonly prng;

  private constructor(
    private readonly api: KeepAliveApi,
    readonly matchId: string,
    start: { revision: number; state: GuandanState },
  ) {
    this.state = start.state;
    this.revision = start.revision;
    this.prng = seededPrng(`trn-bench-${matchId}`);
  }

  /**
   * The table's match as the server created it: its timeline folded through the game (no engine
   * state crosses the wire). The round start's events are in one append, so a timeline that has
   * any holds them all.
   */
  static async open(api: KeepAliveApi, matchId: string): Promise<Table> {
    for (;;) {
      const read = await api.call('GET', `/api/matches/${matchId}/timeline`);
      const timeline = read.body as { revision: number; type: string; data: unknown }[];
      if (read.status === 200 && timeline.length > 0) {
        const revision = timeline[timeline.length - 1]?.revision ?? 0;
        const state = followAnswer(guandanInitialState(), { revision, events: timeline });
        return new Table(api, matchId, { revision, state });
      }
      if (read.status !== 200 && read.status !== 404)
        throw new Error(`GET timeline of ${matchId}: ${String(read.status)}`);
      await sleep(50);
    }
  }

  get ended(): boolean {
    return this.state.status === 'ended';
  }

  /** Sends the next command; true when its answer ended the match. */
  async key(): Promise<boolean> {
    const answer = await this.api.call('POST', `/api/matches/${this.matchId}/commands`, {
      revision: this.revision,
      idempotencyKey: `${this.matchId}-${String(this.sent)}`,
      command: nextBotCommand(this.state, this.prng),
    });
    if (answer.status !== 200)
      throw new Error(`command refused ${String(answer.status)}: ${JSON.stringify(answer.body)}`);
    const body = answer.body as MatchAnswer;
    this.sent += 1;
    this.revision = body.revision;
    this.state = followAnswer(this.state, body);
    return body.events.some((e) => e.type === 'MatchEnded');
  }
}

/** A page on /ws/tournament: when each match's result first appeared in a frame (ms, performance clock). */
async function watchStandings(
  url: string,
  tournamentId: string,
): Promise<{ seen: Map<string, number>; close: () => void }> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/ws/tournament`);
  const seen = new Map<string, number>();
  socket.on('message', (data: Buffer) => {
    const now = performance.now();
    const message = JSON.parse(data.toString('utf8')) as TournamentFeedServerMessage;
    if (message.type !== 'tournament') return;
    for (const round of message.view.rounds)
      for (const pairing of round.pairings)
        if (pairing.result !== null && pairing.matchId !== null && !seen.has(pairing.matchId))
          seen.set(pairing.matchId, now);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      resolve();
    });
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'watchTournament', tournamentId }));
  return {
    seen,
    close: () => {
      socket.close();
    },
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** 50 tables at operator pace: round trip from the scheduled send, and result → standings on the feed. */
export async function operatorPace(): Promise<string> {
  const pairs = 2 * Math.round(positiveSetting('BENCH_TRN_PACE_TABLES', 50));
  const paceMs = positiveSetting('BENCH_TRN_PACE_MS', 1000);
  const loadBefore = machineLoad('at the start');
  const server = await boot();
  try {
    const { matchIds } = await startRound(server.url, {
      id: 'pace003',
      pairs,
      ruleset: 'cesa2023',
      deals: 1,
    });
    const feed = await watchStandings(server.url, 'pace003');
    const tables = await Promise.all(matchIds.map((id) => Table.open(server.operator, id)));
    const roundTrips: number[] = [];
    const endedAt = new Map<string, number>();
    const cpuBefore = processCpuMs(server.pid);
    const start = performance.now();
    await Promise.all(
      tables.map(async (table, t) => {
        // The tables' schedules spread evenly over one period.
        let due = start + (paceMs * t) / tables.length;
        while (!table.ended) {
          await sleep(due - performance.now());
          const ended = await table.key();
          const answered = performance.now();
          roundTrips.push(answered - due);
          if (ended) endedAt.set(table.matchId, answered);
          due += paceMs;
        }
      }),
    );
    const wall = performance.now() - start;
    const cpu = processCpuMs(server.pid) - cpuBefore;
    const deadline = performance.now() + 30_000;
    while (feed.seen.size < endedAt.size && performance.now() < deadline) await sleep(50);
    feed.close();
    const toStandings = [...endedAt].flatMap(([id, at]) => {
      const seen = feed.seen.get(id);
      return seen === undefined ? [] : [seen - at];
    });
    const rt = summarize(roundTrips);
    const overlay = summarize(toStandings.length === 0 ? [Number.NaN] : toStandings);
    const missing = endedAt.size - toStandings.length;
    process.stderr.write(
      `operator pace: ${String(roundTrips.length)} commands on ${String(tables.length)} tables in ${fmt(wall / 1000)} s\n`,
    );
    return [
      `### ${String(tables.length)} tables at operator pace (a 003 event of ${String(pairs)} pairs, one process)`,
      '',
      `Round 1 of a 003 Swiss (ruleset cesa2023, one deal a match) created, imported, paired, published and started`,
      `through the API; each table keys one bot command every ${fmt(paceMs, 0)} ms on a fixed schedule (the tables spread`,
      `over the period; ${fmt((1000 * tables.length) / paceMs)} commands/s offered), each round trip timed from its scheduled send.`,
      `A page watching /ws/tournament notes when each match's result first appears in a frame; the latency is from the`,
      `answer to the command that ended the match to that frame (the result reactor records it, the standings fold it).`,
      loadBefore,
      machineLoad('at the end'),
      '',
      markdownTable(
        ['measure', 'samples', 'median', 'p99', 'max', 'target'],
        [
          [
            'command round trip (ms, from its scheduled send)',
            String(rt.count),
            fmt(rt.median),
            fmt(rt.p99),
            fmt(rt.max),
            `p99 < 10: ${rt.p99 < 10 ? 'met' : '**missed**'}`,
          ],
          [
            'match end → standings frame on /ws/tournament (ms)',
            String(toStandings.length),
            fmt(overlay.median),
            fmt(overlay.p99),
            fmt(overlay.max),
            `max < 250: ${missing === 0 && overlay.max < 250 ? 'met' : '**missed**'}${missing > 0 ? ` (${String(missing)} results never seen)` : ''}`,
          ],
        ],
      ),
      '',
      `Server CPU over the run: ${fmt(cpu / 1000)} s in ${fmt(wall / 1000)} s of wall time (${fmt((100 * cpu) / wall, 0)} % of one core).`,
    ].join('\n');
  } finally {
    await server.stop();
  }
}

/** 200 tables played as fast as the server answers: sustained commands/s of one process. */
export async function onlineQualifier(): Promise<string> {
  const tablesWanted = Math.round(positiveSetting('BENCH_TRN_QUALIFIER_TABLES', 200));
  const deals = Math.round(positiveSetting('BENCH_TRN_QUALIFIER_DEALS', 2));
  const seconds = positiveSetting('BENCH_TRN_QUALIFIER_SECONDS', 30);
  const transport = qualifierTransport();
  const role = qualifierRole();
  const loadBefore = machineLoad('at the start');
  const server = await boot(role);
  try {
    const { matchIds, importMs, startMs } = await startRound(server.url, {
      id: 'qualifier',
      pairs: 2 * tablesWanted,
      ruleset: 'cga2017',
      deals,
    });
    const tables: (Table | PlayTable)[] = await Promise.all(
      matchIds.map((id) =>
        transport === 'play'
          ? PlayTable.open(server.url, server.operator, server.operator, id)
          : Table.open(server.operator, id),
      ),
    );
    let commands = 0;
    const roundTrips: number[] = [];
    // What the server spends with no command coming (the tables' clocks, the feeds' release
    // ticks, checkpoints): time-driven, not per command, so on a loaded machine where fewer
    // commands get through it weighs more on each; the table shows the CPU per command without it too.
    const restStart = performance.now();
    const restCpuBefore = processCpuMs(server.pid);
    await sleep(REST_MS);
    const restPerMs = (processCpuMs(server.pid) - restCpuBefore) / (performance.now() - restStart);
    const cpuBefore = processCpuMs(server.pid);
    const writesBefore = processWrites(server.pid);
    const clientBefore = process.cpuUsage();
    const start = performance.now();
    const stopAt = start + seconds * 1000;
    await Promise.all(
      tables.map(async (table) => {
        while (!table.ended && performance.now() < stopAt) {
          const sent = performance.now();
          await table.key();
          roundTrips.push(performance.now() - sent);
          commands += 1;
        }
      }),
    );
    const wall = performance.now() - start;
    const cpu = processCpuMs(server.pid) - cpuBefore;
    const writesAfter = processWrites(server.pid);
    const client = process.cpuUsage(clientBefore);
    const ended = tables.filter((t) => t.ended).length;
    const overSockets = tables.reduce((sum, t) => sum + (t instanceof PlayTable ? t.counts.seat : 0), 0);
    for (const t of tables) if (t instanceof PlayTable) t.close();
    const rate = (commands * 1000) / wall;
    // On a shared machine the wall-clock rate says more about the neighbours than the server; the
    // CPU the server spent per command does not (it also counts its worker threads).
    const cpuPerCommand = cpu / Math.max(1, commands);
    const netPerCommand = Math.max(0, cpu - restPerMs * wall) / Math.max(1, commands);
    const rt = summarize(roundTrips);
    process.stderr.write(
      `qualifier (${role}, ${transport}): ${String(commands)} commands on ${String(tables.length)} tables in ${fmt(wall / 1000)} s\n`,
    );
    const whichProcess = role === 'api' ? 'one api process' : 'one server process';
    return [
      role === 'api'
        ? `### Online qualifier: ${String(tables.length)} tables played by bots as fast as they answer (role \`api\`: one api process, its feeds on another machine)`
        : `### Online qualifier: ${String(tables.length)} tables played by bots as fast as they answer (role \`all\`: everything in one process)`,
      '',
      role === 'api'
        ? `Server role \`api\` (\`TABLECAST_ROLE=api\`, a log dir of its own, ${feedsThread()}): the commands, read models and seat sockets only, as one command process of the scaled-out topology; no feed producer, disclosure ledger or broadcast of any table, and none of the control singletons (result reactor, turn clock) run here, as they would in processes of their own. Its figure is not the whole server's: the \`all\` role's is.`
        : `Server role \`all\` (the default, ${feedsThread()}): commands, read models and the broadcast of every table with its disclosure ledger, all in the one process.`,
      transport === 'play'
        ? `Transport \`play\`: each seat on its own /ws/play socket (seat token), its bot deciding from its own seat views; ${String(overSockets)} of the commands as \`command\` frames, tribute included, the rest (deals) by staff over HTTP.`
        : 'Transport `http`: every command a staff POST /api/matches/<id>/commands, the bots following the whole match from the answers.',
      `Round 1 of a Swiss of ${String(2 * tables.length)} pairs (ruleset cga2017, ${String(deals)} deal(s) a match) started through the API;`,
      `every table sends its next bot command the moment the last is answered (closed loop), for at most ${fmt(seconds, 0)} s`,
      `or until its match ends (${String(ended)} of ${String(tables.length)} ended).${role === 'all' ? ' Results are recorded by the result reactor as matches end.' : ''}`,
      loadBefore,
      machineLoad('at the end'),
      '',
      markdownTable(
        ['measure', 'value', 'target'],
        [
          [
            'server role',
            role === 'api'
              ? `api (one api process, its feeds on another machine), ${feedsThread()}`
              : `all (everything in one process), ${feedsThread()}`,
            '',
          ],
          [
            `sustained commands/s, ${whichProcess} (wall clock)`,
            fmt(rate, 0),
            `at least 3,000: ${rate >= 3000 ? 'met' : '**missed**'}`,
          ],
          ['commands', String(commands), ''],
          [`entrants imported (ms, ${String(2 * tables.length)} pairs, one request)`, fmt(importMs, 0), ''],
          [`round 1 started (ms, ${String(tables.length)} tables, one request)`, fmt(startMs, 0), ''],
          ['round trip median / p99 (ms, queueing included)', `${fmt(rt.median)} / ${fmt(rt.p99)}`, ''],
          ['server CPU per command (ms, user + system of the server process)', fmt(cpuPerCommand, 3), ''],
          [
            'commands/s that CPU allows on one core (1000 / CPU per command)',
            fmt(1000 / cpuPerCommand, 0),
            `at least 3,000: ${1000 / cpuPerCommand >= 3000 ? 'met' : '**missed**'}`,
          ],
          [
            `server CPU at rest (% of a core, over ${fmt(REST_MS / 1000, 0)} s before the first command)`,
            `${fmt(100 * restPerMs, 1)} %`,
            '',
          ],
          ['server CPU per command less the CPU at rest (ms)', fmt(netPerCommand, 3), ''],
          [
            'server write system calls / KB written per command (commits, frames, answers)',
            `${fmt((writesAfter.calls - writesBefore.calls) / Math.max(1, commands), 1)} / ${fmt((writesAfter.bytes - writesBefore.bytes) / 1024 / Math.max(1, commands), 1)}`,
            '',
          ],
          ['server busy (CPU / wall)', `${fmt((100 * cpu) / wall, 0)} %`, ''],
          [
            'bench client busy (CPU / wall)',
            `${fmt((100 * (client.user + client.system)) / 1000 / wall, 0)} %`,
            '',
          ],
        ],
      ),
    ].join('\n');
  } finally {
    await server.stop();
  }
}
