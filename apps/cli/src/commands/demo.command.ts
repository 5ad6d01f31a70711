import type { Command } from 'commander';
import { EXIT_DATA_DIR_IN_USE, USAGE_ERROR, withHelp } from '../help-text';
import { runServerApp } from '../server-app/run-server-app';

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
      .option('--deals <n>', 'deals per demo match (Dou Dizhu: boards per final)', parseWhole, 6)
      .option(
        '--game <game>',
        'guandan: one table; doudizhu: a final on three tables playing the same boards; bigtwo: a four-table duplicate final',
        parseDemoGame,
        'guandan',
      ),
    {
      examples: [
        ['tablecast demo', 'on http://127.0.0.1:3000, data in ./data; prints the links to open'],
        ['PORT=8080 TABLECAST_DATA_DIR=/tmp/demo tablecast demo --pace 500', 'faster, elsewhere'],
        [
          'tablecast demo --game doudizhu',
          'Dou Dizhu on three tables, the same boards; terminal links per seat',
        ],
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
  ).action(async (options: { pace: number; deals: number; game: DemoGame }) => {
    // The server app in a process of its own, on this terminal: it prints the addresses and tokens,
    // and stops on Ctrl-C or SIGTERM (passed on) within its deadline.
    process.exitCode = await runServerApp(
      'demo/demo-main.js',
      [String(options.pace), String(options.deals), options.game],
      process.env,
    );
  });
}

export function parseWhole(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`expected a whole number, got "${value}"`);
  return n;
}

const DEMO_GAMES = ['guandan', 'doudizhu', 'bigtwo'] as const;
type DemoGame = (typeof DEMO_GAMES)[number];

export function parseDemoGame(value: string): DemoGame {
  const game = DEMO_GAMES.find((g) => g === value);
  if (game === undefined) throw new Error(`expected ${DEMO_GAMES.join(' or ')}, got "${value}"`);
  return game;
}
