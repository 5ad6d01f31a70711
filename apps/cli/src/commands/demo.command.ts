import type { Command } from 'commander';
import {
  closeOnSignals,
  DataDirLockedError,
  loadConfig,
  releaseDataDirLock,
  runDemo,
} from '@tablecast/server';
import { EXIT_DATA_DIR_IN_USE, USAGE_ERROR, withHelp } from '../help-text';

/**
 * `tablecast demo`: the server on the embedded default plus a paced demo final between bots.
 * Configuration comes from the environment like the server's (PORT, HOST, TABLECAST_DATA_DIR…);
 * the broadcast delay defaults to 30 s instead of 120 s, the log level to warn instead of info.
 */
export function registerDemoCommand(program: Command): void {
  withHelp(
    program
      .command('demo')
      .description(
        "start the server and play a paced demo final between bots (Ctrl-C stops); configured by the server's variables (PORT, HOST, TABLECAST_DATA_DIR…)",
      )
      .option('--pace <ms>', 'pause between bot commands in milliseconds', parseWhole, 1500)
      .option('--deals <n>', 'deals per demo match', parseWhole, 6),
    {
      examples: [
        ['tablecast demo', 'on http://127.0.0.1:3000, data in ./data; prints the links to open'],
        ['PORT=8080 TABLECAST_DATA_DIR=/tmp/demo tablecast demo --pace 500', 'faster, elsewhere'],
      ],
      exitCodes: [
        [0, 'stopped with Ctrl-C (or SIGTERM)'],
        [
          1,
          `a bad configuration variable (the message names it); a stop not finished within 4 s; or ${USAGE_ERROR}`,
        ],
        [EXIT_DATA_DIR_IN_USE, 'refused: a running server holds the data dir (tablecast.lock)'],
      ],
    },
  ).action(async (options: { pace: number; deals: number }) => {
    // A short security delay, so the delayed broadcast feed has something to show within a minute;
    // warnings only in the log, so the printed addresses are not buried under a JSON line per
    // request (LOG_LEVEL=info brings those back).
    const config = loadConfig({ BROADCAST_DELAY_MS: '30000', LOG_LEVEL: 'warn', ...process.env });
    let demo;
    try {
      demo = await runDemo(config, {
        paceMs: options.pace,
        deals: options.deals,
        print: (line) => process.stdout.write(`${line}\n`),
      });
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      process.stderr.write(`tablecast demo: refused, ${error.message}\n`);
      process.exitCode = EXIT_DATA_DIR_IN_USE;
      return;
    }
    // Ctrl-C or SIGTERM: bots stopped, pages told 1001, the data dir given up, within the deadline.
    const running = demo;
    closeOnSignals({
      close: () => running.stop(),
      onDeadline: () => {
        releaseDataDirLock(config.TABLECAST_DATA_DIR);
      },
      log: (line) => process.stderr.write(`tablecast demo: ${line}\n`),
    });
  });
}

export function parseWhole(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`expected a whole number, got "${value}"`);
  return n;
}
