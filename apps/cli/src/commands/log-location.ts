import type { Command } from 'commander';

/**
 * Adds the options of a command that reads the event log: `--data-dir` (the embedded store,
 * default TABLECAST_DATA_DIR or ./data) and `--eventstore-url` (a KurrentDB log instead, default
 * EVENTSTORE_URL). `verb` says what the command does with that log ("verify", "export from").
 */
export function withLogLocation(command: Command, verb: string): Command {
  return command
    .option(
      '--data-dir <dir>',
      'data directory of the embedded store',
      process.env.TABLECAST_DATA_DIR ?? './data',
    )
    .option(
      '--eventstore-url <url>',
      `${verb} a KurrentDB log instead (default: EVENTSTORE_URL)`,
      process.env.EVENTSTORE_URL,
    );
}
