import { spawn } from 'node:child_process';
import { freePort } from './match-server';
import { stopProcess } from './process';

/**
 * Milliseconds from spawning the `all` role (default configuration) on `dataDir` to its first
 * `/readyz` 200, then stops it with SIGTERM (so its checkpoints are written as at any clean stop).
 * `nodeArgs` go before the entry point (e.g. `--cpu-prof`).
 */
export async function timeBoot(dataDir: string, nodeArgs: readonly string[] = []): Promise<number> {
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}/readyz`;
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', TABLECAST_DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`the server exited (${String(child.exitCode)}): ${stderr}`);
      const ready = await fetch(url).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return Number(process.hrtime.bigint() - started) / 1e6;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await stopProcess(child);
  }
}
