/**
 * `TABLECAST_ROLE=api` processes of the scale bench on one shared SQLite log: started one after the
 * other (the first one creates the log), each with its own data dir and its event loop on its own
 * core, optionally each in a CPU budget of its own (cpu-budget.ts), and read from /proc, /metrics
 * and the budget's cgroup. With `readers`, they read the shared read models a projector process
 * writes (API_PROJECTIONS=projector; projector-process.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, pinMainThread } from './match-server';
import { processCpuMs, stopProcess } from './process';
import { runQueueWaitMs } from './feeds-children';
import { createCpuBudget, type CpuBudget, type Throttling } from './cpu-budget';

/** SCALE_BENCH_API_NODE_ARGS: e.g. `--cpu-prof --cpu-prof-dir=.mut/prof` to see where an api process's CPU goes. */
const NODE_ARGS = (process.env.SCALE_BENCH_API_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
/** BENCH_SERVER_MAIN_JS: another build's copy (`bench/snapshot-build.sh`), for an A/B of two builds. */
export const MAIN_JS = process.env.BENCH_SERVER_MAIN_JS ?? 'apps/server/dist/main.js';

export interface ApiProcess {
  readonly url: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** Its CPU budget, when the run gives each process one. */
  readonly budget?: CpuBudget;
}

/** A CPU budget for each api process: `cores` of a core; `setting` names the variable that asked for it. */
export interface ApiCpuBudget {
  readonly cores: number;
  readonly setting: string;
}

/** What an api process reports of its appends (append-timing.metrics.ts), and its CPU. */
export interface ApiCounters {
  readonly cpuMs: number;
  readonly runQueueWaitMs: number;
  readonly appends: number;
  readonly lockWaits: number;
  readonly lockWaitMs: number;
  readonly transactionMs: number;
  readonly commitMs: number;
  /** Events it applied to its read models (a reader of the shared ones applies none). */
  readonly applied: number;
  /** Its budget's throttling, when it has one. */
  readonly throttling?: Throttling;
}

export async function ready(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${String(child.exitCode)}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`process at ${url} not ready in ${String(timeoutMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts `count` api processes on the log in `dir`/log; process i's event loop on core i mod cores.
 * With `budget`, each process is moved into its own budget as soon as it is spawned, so its boot
 * runs on the budget too. With `readers`, each only reads the shared read models a projector
 * process writes; without, each runs as API_PROJECTIONS in this environment says (local unset).
 */
export async function startApiProcesses(
  dir: string,
  count: number,
  operatorToken: string,
  cores: number,
  budget: ApiCpuBudget | undefined,
  readers: boolean,
): Promise<ApiProcess[]> {
  const logDir = join(dir, 'log');
  mkdirSync(logDir, { recursive: true });
  const started: ApiProcess[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const dataDir = join(dir, `data-${String(i)}`);
      mkdirSync(dataDir, { recursive: true });
      const port = await freePort();
      const own =
        budget === undefined ? undefined : createCpuBudget(`api-${String(i)}`, budget.cores, budget.setting);
      const child = spawn(process.execPath, [...NODE_ARGS, MAIN_JS], {
        env: {
          ...process.env,
          PORT: String(port),
          LOG_LEVEL: 'warn',
          TABLECAST_ROLE: 'api',
          TABLECAST_LOG_DIR: logDir,
          TABLECAST_DATA_DIR: dataDir,
          TABLECAST_TOKENS: `operator:*=${operatorToken}`,
          ...(readers ? { API_PROJECTIONS: 'projector' } : {}),
        },
        stdio: ['ignore', 2, 'inherit'],
      });
      const url = `http://127.0.0.1:${String(port)}`;
      const pid = child.pid;
      if (pid === undefined) {
        own?.remove();
        throw new Error(`api process ${String(i)} did not start`);
      }
      if (own === undefined) started.push({ url, pid, child });
      else {
        started.push({ url, pid, child, budget: own });
        own.add(pid);
      }
      await ready(url, child, 180_000);
      pinMainThread(pid, i % cores);
    }
    return started;
  } catch (error) {
    await stopApiProcesses(started);
    throw error;
  }
}

/** Stops the processes, then removes their budgets (also after a run that failed). */
export async function stopApiProcesses(processes: readonly ApiProcess[]): Promise<void> {
  try {
    await Promise.all(processes.map((p) => stopProcess(p.child)));
  } finally {
    for (const p of processes) p.budget?.remove();
  }
}

export function metricValue(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (line === undefined) throw new Error(`/metrics has no ${name}`);
  return Number(line.split(' ')[1]);
}

export async function countersOf(api: ApiProcess): Promise<ApiCounters> {
  const text = await (await fetch(`${api.url}/metrics`)).text();
  return {
    cpuMs: processCpuMs(api.pid),
    runQueueWaitMs: runQueueWaitMs(api.pid),
    appends: metricValue(text, 'tablecast_event_log_appends_total'),
    lockWaits: metricValue(text, 'tablecast_event_log_append_lock_waits_total'),
    lockWaitMs: metricValue(text, 'tablecast_event_log_append_lock_wait_seconds_total') * 1000,
    transactionMs: metricValue(text, 'tablecast_event_log_append_transaction_seconds_total') * 1000,
    commitMs: metricValue(text, 'tablecast_event_log_append_commit_seconds_total') * 1000,
    applied: metricValue(text, 'tablecast_projection_events_applied_total'),
    ...(api.budget === undefined ? {} : { throttling: api.budget.throttling() }),
  };
}

function throttlingBetween(before: Throttling, after: Throttling): Throttling {
  return {
    periods: after.periods - before.periods,
    throttled: after.throttled - before.throttled,
    throttledMs: after.throttledMs - before.throttledMs,
  };
}

/** `after` minus `before`, field by field. */
export function countersBetween(before: ApiCounters, after: ApiCounters): ApiCounters {
  return {
    cpuMs: after.cpuMs - before.cpuMs,
    runQueueWaitMs: after.runQueueWaitMs - before.runQueueWaitMs,
    appends: after.appends - before.appends,
    lockWaits: after.lockWaits - before.lockWaits,
    lockWaitMs: after.lockWaitMs - before.lockWaitMs,
    transactionMs: after.transactionMs - before.transactionMs,
    commitMs: after.commitMs - before.commitMs,
    applied: after.applied - before.applied,
    ...(before.throttling === undefined || after.throttling === undefined
      ? {}
      : { throttling: throttlingBetween(before.throttling, after.throttling) }),
  };
}
