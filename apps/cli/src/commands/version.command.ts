import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withHelp } from '../help-text';

/** The CLI's version, read from its package.json so it can never drift from the release. */
export function cliVersion(): string {
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

export function registerVersionCommand(program: Command): void {
  program.version(cliVersion(), '-V, --version', 'print the Tablecast version');
  withHelp(program.command('version').description('print the Tablecast version'), {
    examples: [['tablecast version', 'prints 0.1.0, say, for the incident report']],
    exitCodes: [[0, 'printed']],
  }).action(() => {
    process.stdout.write(`${cliVersion()}\n`);
  });
}
