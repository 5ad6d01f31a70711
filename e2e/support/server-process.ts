import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './repo';

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  readonly dataDir: string;
  stop(): Promise<void>;
}

const serverEntry = join(repoRoot, 'apps/server/dist/main.js');

/**
 * Starts the built server as its own process, exactly as `npm start` runs it, on a free port
 * (PORT=0) with a temp data directory, and resolves once it logs the URL it listens on.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} missing: run \`npm run build\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-e2e-'));
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', TABLECAST_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`server did not start within 30 s; output:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const match = /Tablecast listening on (http:\/\/[^"\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${String(code)} before listening; output:\n${output}`));
    });
  });
  return {
    url,
    child,
    dataDir,
    async stop() {
      // A child killed by a signal has exitCode null but signalCode set: it has exited already.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A process's exit code, once it exits (null when a signal ended it). */
export const exitOf = (server: ServerProcess): Promise<number | null> =>
  server.child.exitCode !== null
    ? Promise.resolve(server.child.exitCode)
    : new Promise((resolve) => {
        server.child.once('exit', (code) => {
          resolve(code);
        });
      });

/** kill -9: resolves once the process is gone. */
export async function killHard(server: ServerProcess): Promise<void> {
  const exited = exitOf(server);
  server.child.kill('SIGKILL');
  await exited;
}
