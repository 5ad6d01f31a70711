import type { Command } from 'commander';

/** What every data-dir option says about its default, since commander cannot show an env fallback. */
export const DATA_DIR_HELP =
  'data directory of the embedded store (default: TABLECAST_DATA_DIR if set, else ./data)';

/** The data dir a command reads: --data-dir, else TABLECAST_DATA_DIR, else ./data (as the server). */
export function dataDirOf(option: string | undefined): string {
  return option ?? process.env.TABLECAST_DATA_DIR ?? './data';
}

export interface CommandHelp {
  /** Command lines, each with a short comment saying what it does. */
  readonly examples: readonly (readonly [command: string, comment: string])[];
  /** Exit code → meaning; 0 first. */
  readonly exitCodes: readonly (readonly [code: number, meaning: string])[];
}

/** Appends "Examples:" and "Exit codes:" to a command's --help, so the help alone is enough to use it. */
export function withHelp(command: Command, help: CommandHelp): Command {
  const examples = help.examples.map(([line, comment]) => `  $ ${line}\n      ${comment}`).join('\n');
  const codes = help.exitCodes.map(([code, meaning]) => `  ${String(code).padEnd(3)} ${meaning}`).join('\n');
  return command.addHelpText('after', `\nExamples:\n${examples}\n\nExit codes:\n${codes}\n`);
}

/** An option or argument commander rejects, or an unexpected error: one line on stderr, exit 1. */
export const USAGE_ERROR = 'a bad option or argument (the message names it), or an unexpected error';

/** The data dir is held by a running server (its tablecast.lock); EX_TEMPFAIL, as the server uses. */
export const EXIT_DATA_DIR_IN_USE = 75;
