import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

// tsx's loader inside the child process itself, not its CLI: the CLI runs the script in a
// grandchild, which a SIGKILL of the child would leave running.
const tsxLoader = createRequire(__filename).resolve('tsx');

/**
 * Starts a script in its own Node process through tsx's loader, so a TypeScript script needs no
 * build; its stdout is read line by line, its stderr goes to the test's. `cwd` (by default the
 * script's folder) is where tsx looks for the tsconfig.json whose paths it follows.
 */
export function spawnTsChild(
  script: string,
  args: readonly string[],
  cwd: string = dirname(script),
  stdin: 'ignore' | 'pipe' = 'ignore',
): { child: ChildProcess; lines: AsyncIterable<string> } {
  const child = spawn(process.execPath, ['--import', pathToFileURL(tsxLoader).href, script, ...args], {
    stdio: [stdin, 'pipe', 'inherit'],
    cwd,
  });
  if (child.stdout === null) throw new Error(`${script}: no stdout pipe`);
  return { child, lines: createInterface({ input: child.stdout }) };
}

/**
 * Starts append-child in its own Node process: the .ts beside this file when the tests run from
 * source (then ./tsconfig.json points @tablecast/* at the libraries' sources), the .js when built.
 */
export function spawnAppendChild(
  args: readonly string[],
  stdin: 'ignore' | 'pipe' = 'ignore',
): {
  child: ChildProcess;
  lines: AsyncIterable<string>;
} {
  const script = join(__dirname, `append-child${extname(__filename)}`);
  return spawnTsChild(script, args, dirname(script), stdin);
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
