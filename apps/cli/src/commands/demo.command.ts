import type { Command } from 'commander';
import { loadConfig, runDemo } from '@tablecast/server';

/**
 * `tablecast demo`: the server on the embedded default plus a paced demo final between bots.
 * Configuration comes from the environment like the server's (PORT, HOST, TABLECAST_DATA_DIR…);
 * the broadcast delay defaults to 30 s instead of 120 s, the log level to warn instead of info.
 */
export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('start the server and play a paced demo final between bots (Ctrl-C stops)')
    .option('--pace <ms>', 'pause between bot commands in milliseconds', parseWhole, 1500)
    .option('--deals <n>', 'deals per demo match', parseWhole, 6)
    .action(async (options: { pace: number; deals: number }) => {
      // A short security delay, so the delayed broadcast feed has something to show within a minute;
      // warnings only in the log, so the printed addresses are not buried under a JSON line per
      // request (LOG_LEVEL=info brings those back).
      const config = loadConfig({ BROADCAST_DELAY_MS: '30000', LOG_LEVEL: 'warn', ...process.env });
      const demo = await runDemo(config, {
        paceMs: options.pace,
        deals: options.deals,
        print: (line) => process.stdout.write(`${line}\n`),
      });
      await new Promise<void>((resolve) => {
        const stop = (): void => {
          resolve();
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await demo.stop();
    });
}

export function parseWhole(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`expected a whole number, got "${value}"`);
  return n;
}
