import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A built entry of the server app (apps/server/dist/…). The CLI never imports the server: the
 * commands that need a running server (demo, simulate) start it as a process of its own.
 */
export function serverAppEntry(relative: string): string {
  const file = join(__dirname, '..', '..', '..', 'server', 'dist', relative);
  if (!existsSync(file))
    throw new Error(`the server app is not built (no ${file}); run \`npm run build\` in the checkout first`);
  return file;
}

export interface ServerAppRun<M> {
  /** Messages the server process sends back (progress, a report), in order. */
  readonly onMessage?: (message: M) => void;
}

/**
 * Runs a server app entry with this process's terminal (its output is the command's output) and
 * the given environment, and resolves with its exit code. SIGINT and SIGTERM are passed on, so
 * Ctrl-C or a supervisor's stop reaches the server, which closes within its own deadline; a signal
 * the terminal already sent it too changes nothing (its stop ignores a second one).
 */
export function runServerApp<M>(
  relative: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  run: ServerAppRun<M> = {},
): Promise<number> {
  // A message channel only when messages are expected: an open channel would keep the server alive.
  const child = spawn(process.execPath, [serverAppEntry(relative), ...args], {
    env,
    stdio: run.onMessage ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
  });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  if (run.onMessage) {
    const onMessage = run.onMessage;
    child.on('message', (message) => {
      onMessage(message as M);
    });
  }
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      // Killed by a signal it did not handle: a failure, as a shell would see it.
      resolve(code ?? 1);
    });
  });
}
