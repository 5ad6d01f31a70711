import type { ClientCommand } from '@tablecast/protocol';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  achievedPerSecond,
  monotonicClock,
  periodMs,
  runOpenLoopTable,
  scheduledSendMs,
  type OpenLoopSample,
} from './open-loop';
import { benchMatchRequest } from './bot-match';
import { loopDelayFromMetrics } from './loop-delay';
import { processCpuMs } from './process';
import { recordMatch } from './recorded-match';

/** One authorised call to the server under test. */
export type Api = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

/** What one open-loop run of all tables took. */
export interface OpenLoopRun {
  readonly offeredPerSecond: number;
  readonly achievedPerSecond: number;
  readonly samples: readonly OpenLoopSample[];
  /** Server CPU over the run, from /proc (10 ms ticks). */
  readonly serverCpuMs: number;
  /** CPU of this process (the clients) over the run: near the wall time, the clients set the pace. */
  readonly clientCpuMs: number;
  /** From the first scheduled send to the last answer. */
  readonly wallMs: number;
  /**
   * The clients' event-loop delay, p99 and max in ms (a 1 ms timer: 1 ms is on time): a round trip whose
   * answer sat unread behind a stalled client loop is the bench's delay, not the server's.
   */
  readonly clientLoopDelay: { readonly p99: number; readonly max: number };
  /**
   * The same for the server, from its /metrics (prom-client's event-loop histogram of a 10 ms
   * timer, so 10 ms is on time; reset by each scrape: scraped just before and just after the run).
   */
  readonly serverLoopDelay: { readonly p99: number; readonly max: number } | undefined;
}

/** Commands each table keys, recorded once per table before any timing (no move search in the window). */
const recordings = new Map<number, ClientCommand[]>();

function recordedCommands(table: number, count: number): ClientCommand[] {
  let commands = recordings.get(table);
  if (commands === undefined || commands.length < count) {
    // About 140 commands per deal; record a deal more than needed.
    commands = recordMatch(`bench-open-loop-${String(table)}`, Math.ceil(count / 100) + 1);
    if (commands.length < count) {
      throw new Error(
        `recorded ${String(commands.length)} commands for table ${String(table)}, need ${String(count)}`,
      );
    }
    recordings.set(table, commands);
  }
  return commands;
}

async function createMatch(api: Api, matchId: string, table: number): Promise<number> {
  const created = await api('POST', '/api/matches', benchMatchRequest(matchId, table));
  if (created.status !== 201 && created.status !== 200) {
    throw new Error(
      `creating ${matchId} failed with ${String(created.status)}: ${JSON.stringify(created.body)}`,
    );
  }
  return (created.body as { revision: number }).revision;
}

/**
 * `tables` matches at once, each keyed at `ratePerTable` commands/s on a fixed schedule for
 * `seconds` (see open-loop.ts). A round trip is POST the next recorded command at the revision the
 * previous answer returned, then GET the scoreboard at the returned revision, which answers once
 * the projection has applied the command.
 */
export async function runOpenLoopTables(options: {
  readonly api: Api;
  /** Reads the server's /metrics as text; without it the server's loop delay is not reported. */
  readonly metrics?: () => Promise<string>;
  readonly serverPid: number;
  readonly name: string;
  readonly tables: number;
  readonly ratePerTable: number;
  readonly seconds: number;
}): Promise<OpenLoopRun> {
  const { api, serverPid, name, tables, ratePerTable, seconds } = options;
  const period = periodMs(ratePerTable);
  const count = Math.max(1, Math.round(ratePerTable * seconds));
  const matches = await Promise.all(
    Array.from({ length: tables }, async (_, table) => {
      const matchId = `bench_${name}_${String(table + 1)}`;
      const revision = await createMatch(api, matchId, table + 1);
      return { matchId, revision, commands: recordedCommands(table + 1, count) };
    }),
  );
  // A scrape resets the server's event-loop histogram: the one after the run covers the run.
  if (options.metrics !== undefined) await options.metrics();
  const cpuBefore = processCpuMs(serverPid);
  const clientBefore = process.cpuUsage();
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  // The first sends are due a little after all tables are set up, so none starts late.
  const startMs = monotonicClock.now() + 20;
  const perTable = await Promise.all(
    matches.map((match, table) =>
      runOpenLoopTable({
        count,
        scheduledAt: (index) => scheduledSendMs(startMs, period, table, tables, index),
        clock: monotonicClock,
        roundTrip: async (index) => {
          const answer = await api('POST', `/api/matches/${match.matchId}/commands`, {
            revision: match.revision,
            idempotencyKey: `${match.matchId}-${String(index)}`,
            command: match.commands[index],
          });
          if (answer.status !== 200) {
            throw new Error(
              `command ${String(index)} refused ${String(answer.status)}: ${JSON.stringify(answer.body)}`,
            );
          }
          match.revision = (answer.body as { revision: number }).revision;
          const read = await api(
            'GET',
            `/api/matches/${match.matchId}/scoreboard?minRevision=${String(match.revision)}`,
          );
          if (read.status !== 200) throw new Error(`scoreboard read failed with ${String(read.status)}`);
        },
      }),
    ),
  );
  const serverCpuMs = processCpuMs(serverPid) - cpuBefore;
  const client = process.cpuUsage(clientBefore);
  loopDelay.disable();
  const serverLoopDelay =
    options.metrics === undefined ? undefined : loopDelayFromMetrics(await options.metrics());
  const samples = perTable.flat();
  const achieved = achievedPerSecond(samples);
  return {
    offeredPerSecond: ratePerTable * tables,
    achievedPerSecond: achieved,
    samples,
    serverCpuMs,
    clientCpuMs: (client.user + client.system) / 1000,
    wallMs: (samples.length * 1000) / achieved,
    clientLoopDelay: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    serverLoopDelay,
  };
}
