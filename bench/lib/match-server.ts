import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { stopProcess } from './process';

/** A free loopback port (the kernel picks it; released just before the server takes it). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/**
 * The built server in its own process; ready once /healthz answers (its logs are at warn).
 * `mainJs` is the build's entry point: another build's copy for an A/B of two builds (also
 * BENCH_SERVER_MAIN_JS, for the benches that start the default one).
 */
export async function startServer(
  dataDir: string,
  operatorToken: string,
  mainJs = process.env.BENCH_SERVER_MAIN_JS ?? 'apps/server/dist/main.js',
  /** More tokens (role=token,…) beside the operator's, for benches that also drive referee or arbiter calls. */
  moreTokens = '',
  /** More settings beside the inherited environment, e.g. a role and its log dir. */
  moreEnv: Readonly<Record<string, string>> = {},
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS lets a profiling run pass e.g. `--cpu-prof` to the server process.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  // The server's event loop gets core 0 and the bot clients' loop core 1 (see pinMainThread).
  const child = spawn(process.execPath, [...nodeArgs, mainJs], {
    env: {
      ...process.env,
      ...moreEnv,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      TABLECAST_DATA_DIR: dataDir,
      TABLECAST_TOKENS: `operator:*=${operatorToken}${moreTokens === '' ? '' : `,${moreTokens}`}`,
    },
    // The server's log lines (slow requests at warn) go to stderr with the bench's progress: a
    // bench prints only its markdown section on stdout.
    stdio: ['ignore', 2, 'inherit'],
  });
  const url = `http://127.0.0.1:${String(port)}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${mainJs}: server exited with ${String(child.exitCode)}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      if (attempt > 300) throw new Error(`${mainJs}: server did not come up within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.pid === undefined) throw new Error(`${mainJs}: server has no pid`);
  pinMainThread(child.pid, 0);
  return { url, pid: child.pid, stop: () => stopProcess(child) };
}

/**
 * Pins a process's main thread (its event loop: the thread whose id is the pid) to one core and
 * leaves its other threads free. Pinning the whole process (`taskset -a`, as this bench once did)
 * also confined V8's helper threads (concurrent GC marking and sweeping, compilation) to the
 * event loop's core; the scheduler favours those rarely-running threads when they wake, so a burst
 * of GC work held the loop off its core for tens of ms (measured with per-thread schedstat: in
 * the stalls over 20 ms the loop waited about as long as its own helpers ran). A server in
 * production does not confine its helpers to its loop's core either. Threads started later by the
 * main thread inherit its core.
 */
export function pinMainThread(pid: number, core: number): void {
  const pinned = spawnSync('taskset', ['-p', '-c', String(core), String(pid)], { stdio: 'ignore' });
  if (pinned.status !== 0)
    process.stderr.write(`taskset could not pin ${String(pid)} to core ${String(core)}\n`);
}
