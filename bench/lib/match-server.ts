import { spawn } from 'node:child_process';
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

/** The built server in its own process; ready once /healthz answers (its logs are at warn). */
export async function startServer(
  dataDir: string,
  operatorToken: string,
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS lets a profiling run pass e.g. `--cpu-prof` to the server process.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  // The server gets core 0 to itself and the bot clients (this process) core 1, so the clients'
  // move generation does not queue in front of the server's work.
  const child = spawn('taskset', ['-c', '0', process.execPath, ...nodeArgs, 'apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      TABLECAST_DATA_DIR: dataDir,
      TABLECAST_TOKENS: `operator:*=${operatorToken}`,
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
  if (child.pid === undefined) throw new Error('server has no pid');
  return { url, pid: child.pid, stop: () => stopProcess(child) };
}
