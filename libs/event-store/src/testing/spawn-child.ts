import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

// tsx's loader inside the child process itself, not its CLI: the CLI runs the script in a
// grandchild, which a SIGKILL of the child would leave running.
const tsxLoader = createRequire(__filename).resolve('tsx');

/** Starts append-child.ts in its own Node process (through tsx, so no build is needed). */
export function spawnAppendChild(args: readonly string[]): {
  child: ChildProcess;
  lines: AsyncIterable<string>;
} {
  const child = spawn(
    process.execPath,
    ['--import', pathToFileURL(tsxLoader).href, join(__dirname, 'append-child.ts'), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      // tsx reads ./tsconfig.json, whose paths point @tablecast/* at the libraries' sources.
      cwd: __dirname,
    },
  );
  return { child, lines: createInterface({ input: child.stdout }) };
}

export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else
      child.once('exit', () => {
        resolve();
      });
  });
}
