/**
 * `TABLECAST_ROLE=api` processes of the scale bench on one shared SQLite log: started one after the
 * other (the first one creates the log), each with its own data dir and its event loop on its own
 * core, and read from /proc and /metrics.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, pinMainThread } from './match-server';
import { processCpuMs, stopProcess } from './process';
import { runQueueWaitMs } from './feeds-children';

/** SCALE_BENCH_API_NODE_ARGS: e.g. `--cpu-prof --cpu-prof-dir=.mut/prof` to see where an api process's CPU goes. */
const NODE_ARGS = (process.env.SCALE_BENCH_API_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');

export interface ApiProcess {
  readonly url: string;
  readonly pid: number;
  readonly child: ChildProcess;
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
}

async function ready(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`api process exited with ${String(child.exitCode)}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`api process at ${url} not ready in ${String(timeoutMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts `count` api processes on the log in `dir`/log; process i's event loop on core i mod cores. */
export async function startApiProcesses(
  dir: string,
  count: number,
  operatorToken: string,
  cores: number,
): Promise<ApiProcess[]> {
  const logDir = join(dir, 'log');
  mkdirSync(logDir, { recursive: true });
  const started: ApiProcess[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const dataDir = join(dir, `data-${String(i)}`);
      mkdirSync(dataDir, { recursive: true });
      const port = await freePort();
      const child = spawn(process.execPath, [...NODE_ARGS, 'apps/server/dist/main.js'], {
        env: {
          ...process.env,
          PORT: String(port),
          LOG_LEVEL: 'warn',
          TABLECAST_ROLE: 'api',
          TABLECAST_LOG_DIR: logDir,
          TABLECAST_DATA_DIR: dataDir,
          TABLECAST_TOKENS: `operator:*=${operatorToken}`,
        },
        stdio: ['ignore', 2, 'inherit'],
      });
      const url = `http://127.0.0.1:${String(port)}`;
      started.push({ url, pid: child.pid ?? 0, child });
      await ready(url, child, 180_000);
      pinMainThread(child.pid ?? 0, i % cores);
    }
    return started;
  } catch (error) {
    await stopApiProcesses(started);
    throw error;
  }
}

export async function stopApiProcesses(processes: readonly ApiProcess[]): Promise<void> {
  await Promise.all(processes.map((p) => stopProcess(p.child)));
}

function metricValue(text: string, name: string): number {
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
  };
}
