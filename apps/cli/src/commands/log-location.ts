import type { Command } from 'commander';
import { DATA_DIR_HELP } from '../help-text';

/**
 * Adds the options of a command that reads the event log: `--data-dir` (the embedded store,
 * default TABLECAST_DATA_DIR or ./data, resolved with `dataDirOf`) and `--eventstore-url` (a
 * KurrentDB log instead, default EVENTSTORE_URL). `verb` says what the command does with that log
 * ("verify", "export from").
 */
export function withLogLocation(command: Command, verb: string): Command {
  return command
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option(
      '--eventstore-url <url>',
      `${verb} a KurrentDB log instead (default: EVENTSTORE_URL)`,
      process.env.EVENTSTORE_URL,
    );
}
