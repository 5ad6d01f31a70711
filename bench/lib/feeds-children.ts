/**
 * Child processes of the feeds benchmark: pinned to a core with taskset, read from /proc, and the
 * spectator process (`--role=clients` of bench/feeds.bench.ts) started and stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { ClientReport } from './feeds-roles';

export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${String(pid)}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? '0') / 1024;
}

/**
 * Settings every benchmarked server gets: all the bench's spectators connect from 127.0.0.1, and
 * the per-address cap (WS_MAX_CONNECTIONS_PER_ADDRESS, 1,000 by default) would refuse every one
 * past the thousandth, so a run of N spectators would deliver to 1,000 of them.
 */
export const BENCH_SERVER_ENV: Readonly<Record<string, string>> = {
  WS_MAX_CONNECTIONS_PER_ADDRESS: '100000',
};

export function pinned(core: number, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn('taskset', ['-c', String(core), process.execPath, ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export function lineFrom(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs = 120_000,
): Promise<RegExpExecArray> {
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

/** The server logs nothing at warn level when it is up, so ask it. */
export async function waitForHealth(url: string): Promise<void> {
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

export async function clientsFor(wsUrl: string, matchId: string, n: number): Promise<ChildProcess> {
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

export async function finish(clients: ChildProcess): Promise<ClientReport> {
  const report = lineFrom(clients, /(\{.*\})\n/);
  clients.stdin?.write('done\n');
  const [, json] = await report;
  return JSON.parse(json ?? '{}') as ClientReport;
}

/** The pid of this process's child running `command` (kcat, started by the mock cluster helper). */
export function childPid(command: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [name, rest] = [stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), stat.split(') ')[1]];
      if (name === command && Number(rest?.split(' ')[1]) === process.pid) return Number(entry);
    } catch {
      // the process exited while we looked
    }
  }
  return undefined;
}

/**
 * Milliseconds a process has spent runnable but waiting for a CPU (/proc/<pid>/schedstat): a
 * server that falls behind while this grows was starved by other work on its core, not slow.
 */
export function runQueueWaitMs(pid: number): number {
  const fields = readFileSync(`/proc/${String(pid)}/schedstat`, 'utf8').split(' ');
  return Number(fields[1]) / 1e6;
}
