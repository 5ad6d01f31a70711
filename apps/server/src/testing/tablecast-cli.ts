import { execFile } from 'node:child_process';
import { join } from 'node:path';

const cli = join(__dirname, '..', '..', '..', '..', 'apps/cli/bin/tablecast.js');

/** What a run of the CLI left: its exit code and its output. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the built CLI as a child in the spec's environment `env` less its TABLECAST_TOKEN (as
 * anyone runs it), and asynchronously: the server answering it may run in this process.
 */
export function runTablecastCli(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { encoding: 'utf8', timeout: 60_000, env: { ...env, TABLECAST_TOKEN: '' } },
      (error, stdout, stderr) => {
        resolve({
          code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1,
          stdout,
          stderr,
        });
      },
    );
  });
}
