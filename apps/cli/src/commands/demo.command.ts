import type { Command } from 'commander';
import { loadConfigFromProcess, runDemo } from '@tablecast/server';

/**
 * `tablecast demo`: the server on the embedded default plus a paced demo final between bots.
 * Configuration comes from the environment like the server's (PORT, HOST, TABLECAST_DATA_DIR…).
 */
export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('start the server and play a paced demo final between bots (Ctrl-C stops)')
    .option('--pace <ms>', 'pause between bot commands in milliseconds', parseWhole, 1500)
    .option('--deals <n>', 'deals per demo match', parseWhole, 6)
    .action(async (options: { pace: number; deals: number }) => {
      const demo = await runDemo(loadConfigFromProcess(), {
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
