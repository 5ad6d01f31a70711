/**
 * One run of the scale bench's `api` part: P api processes on one log (with `projector`, readers of
 * the read models one projector process writes beside them), `tables` bot matches keyed
 * closed-loop through them (each table's every call to one process, as a router by match sends
 * them), a warm-up, then a measured window of fixed length. The bots follow each match from the
 * events in the command answers (bot-match.ts), so the only calls are creates and commands.
 */
import { seededPrng } from '@tablecast/cards';
import { guandanInitialState as initialState } from '@tablecast/games/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  countersBetween,
  countersOf,
  startApiProcesses,
  stopApiProcesses,
  type ApiCounters,
  type ApiCpuBudget,
} from './api-processes';
import { projectorCountersOf, startProjectorProcess, type ProjectorCounters } from './projector-process';
import { benchMatchRequest, followAnswer, nextBotCommand, type MatchAnswer } from './bot-match';
import { KeepAliveApi } from './keep-alive-api';

export interface ApiScaleRunOptions {
  readonly processes: number;
  readonly tables: number;
  readonly warmupSeconds: number;
  readonly seconds: number;
  /** Where the run's log and data dirs are made (and removed after). */
  readonly workDir: string;
  readonly cores: number;
  /** Each api process's CPU budget; none: each may use a whole core. */
  readonly budget?: ApiCpuBudget;
  /** One TABLECAST_ROLE=projector process beside the api processes, which only read (API_PROJECTIONS=projector). */
  readonly projector: boolean;
}

export interface ApiScaleRun {
  readonly processes: number;
  /** Commands answered 200 inside the measured window. */
  readonly commands: number;
  readonly seconds: number;
  /** Per process, over the window; `served` is the commands it answered. */
  readonly perProcess: readonly (ApiCounters & { readonly served: number })[];
  /** CPU of this bench process (the bots and their HTTP calls) over the window. */
  readonly clientCpuMs: number;
  /** The projector process's work over the window, when the run has one. */
  readonly projector?: ProjectorCounters;
}

const OPERATOR = 'scale-bench-operator-token';

/** One table: matches one after another on its process until `stop`, counting answered commands. */
async function playTable(
  api: KeepAliveApi,
  table: number,
  stop: { stopped: boolean },
  answered: () => void,
): Promise<void> {
  // A call: the flag is set by the run while this table awaits its answers.
  const running = (): boolean => !stop.stopped;
  for (let game = 0; running(); game += 1) {
    const matchId = `scale_api_t${String(table)}_${String(game)}`;
    const created = await api.call('POST', '/api/matches', benchMatchRequest(matchId, table));
    if (created.status !== 201)
      throw new Error(`create ${matchId}: ${String(created.status)} ${JSON.stringify(created.body)}`);
    const first = created.body as MatchAnswer;
    let state = followAnswer(initialState(), first);
    let revision = first.revision;
    const prng = seededPrng(`scale-${matchId}`);
    for (let key = 0; running() && state.status !== 'ended'; key += 1) {
      const answer = await api.call('POST', `/api/matches/${matchId}/commands`, {
        revision,
        idempotencyKey: `${matchId}-${String(key)}`,
        command: nextBotCommand(state, prng),
      });
      if (answer.status !== 200)
        throw new Error(`command on ${matchId}: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
      const body = answer.body as MatchAnswer;
      revision = body.revision;
      state = followAnswer(state, body);
      answered();
    }
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function runApiScale(options: ApiScaleRunOptions): Promise<ApiScaleRun> {
  const dir = mkdtempSync(join(options.workDir, `api-${String(options.processes)}-`));
  // Its own core where there is one past the api processes', else the last: it has no budget.
  const projector = options.projector
    ? await startProjectorProcess(dir, Math.min(options.processes, options.cores - 1))
    : undefined;
  let processes: Awaited<ReturnType<typeof startApiProcesses>>;
  try {
    processes = await startApiProcesses(
      dir,
      options.processes,
      OPERATOR,
      options.cores,
      options.budget,
      projector !== undefined,
    );
  } catch (error) {
    if (projector !== undefined) await stopApiProcesses([projector]);
    throw error;
  }
  const apis = processes.map((p) => new KeepAliveApi(p.url, OPERATOR));
  const stop = { stopped: false };
  const served = processes.map(() => 0);
  try {
    const tables = Array.from({ length: options.tables }, (_, table) => {
      const at = table % processes.length;
      const api = apis[at];
      if (api === undefined) throw new Error(`no process for table ${String(table)}`);
      return playTable(api, table, stop, () => {
        served[at] = (served[at] ?? 0) + 1;
      });
    });
    // A table that fails stops the run at once rather than at the end of the window.
    const failed = Promise.all(tables).then(() => undefined);
    const window = async (): Promise<ApiScaleRun> => {
      await sleep(options.warmupSeconds * 1000);
      const before = await Promise.all(processes.map(countersOf));
      const projectorBefore = projector === undefined ? undefined : await projectorCountersOf(projector);
      const servedBefore = [...served];
      const clientBefore = process.cpuUsage();
      const startedAt = performance.now();
      await sleep(options.seconds * 1000);
      const after = await Promise.all(processes.map(countersOf));
      const projectorAfter = projector === undefined ? undefined : await projectorCountersOf(projector);
      const seconds = (performance.now() - startedAt) / 1000;
      const client = process.cpuUsage(clientBefore);
      const perProcess = after.map((counters, i) => ({
        ...countersBetween(before[i] ?? counters, counters),
        served: (served[i] ?? 0) - (servedBefore[i] ?? 0),
      }));
      return {
        processes: processes.length,
        commands: perProcess.reduce((sum, p) => sum + p.served, 0),
        seconds,
        perProcess,
        clientCpuMs: (client.user + client.system) / 1000,
        ...(projectorBefore === undefined || projectorAfter === undefined
          ? {}
          : {
              projector: {
                cpuMs: projectorAfter.cpuMs - projectorBefore.cpuMs,
                applied: projectorAfter.applied - projectorBefore.applied,
              },
            }),
      };
    };
    const run = await Promise.race([
      window(),
      failed.then(() => Promise.reject(new Error('tables stopped early'))),
    ]);
    stop.stopped = true;
    await failed;
    return run;
  } finally {
    stop.stopped = true;
    for (const api of apis) api.close();
    await stopApiProcesses(projector === undefined ? processes : [...processes, projector]);
    // SCALE_BENCH_API_KEEP=1 keeps the log to look at after a failed run.
    if (process.env.SCALE_BENCH_API_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
  }
}
