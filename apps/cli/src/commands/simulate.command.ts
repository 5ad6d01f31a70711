import type { Command } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import { MatchFormatSchema, RULESET_NAMES, type MatchFormat, type RulesetName } from '@tablecast/guandan';
import {
  EVENT_STORE,
  loadConfig,
  MatchCommandService,
  simulate,
  startServer,
  type AppEventStore,
} from '@tablecast/server';
import { resolve } from 'node:path';
import { parseWhole } from './demo.command';

interface SimulateOptions {
  matches: number;
  ruleset: string;
  format: string;
  seed: string;
  delay: number;
  dataDir: string;
  check: boolean;
}

/** `fixedDeals:7`, `toPastAce`, `timed:90`, `timedOrFixedDeals:7:90` → a match format. */
export function parseFormat(text: string): MatchFormat {
  const [kind, a, b] = text.split(':');
  const candidate =
    kind === 'fixedDeals'
      ? { kind, deals: Number(a) }
      : kind === 'timed'
        ? { kind, minutes: Number(a) }
        : kind === 'timedOrFixedDeals'
          ? { kind, deals: Number(a), minutes: Number(b) }
          : { kind };
  const parsed = MatchFormatSchema.safeParse(candidate);
  if (!parsed.success) {
    throw new Error(
      `--format "${text}": expected toPastAce, fixedDeals:N, timed:MIN or timedOrFixedDeals:N:MIN`,
    );
  }
  return parsed.data;
}

/**
 * `tablecast simulate`: bots play matches through the match service of a real server (embedded
 * SQLite in --data-dir), at full speed or paced. The logs it writes are fixtures for benchmarks and
 * overlay tests.
 */
export function registerSimulateCommand(program: Command): void {
  program
    .command('simulate')
    .description('play matches between bots through the real command path, checking invariants')
    .option('--matches <n>', 'how many matches', parseWhole, 10)
    .option('--ruleset <name>', `ruleset (${RULESET_NAMES.join(', ')})`, 'cga2017')
    .option(
      '--format <format>',
      'toPastAce | fixedDeals:N | timed:MIN | timedOrFixedDeals:N:MIN',
      'fixedDeals:7',
    )
    .option('--seed <seed>', 'seed of the bots and the shuffles', 'tablecast')
    .option('--delay <ms>', 'pause between commands (0 = full speed)', parseWhole, 0)
    .option('--data-dir <dir>', 'data directory for the event log', './data/simulation')
    .option('--no-check', 'skip the invariant checks after every event')
    .action(async (options: SimulateOptions) => {
      if (!(RULESET_NAMES as readonly string[]).includes(options.ruleset)) {
        throw new Error(`--ruleset "${options.ruleset}": expected one of ${RULESET_NAMES.join(', ')}`);
      }
      const format = parseFormat(options.format);
      const server = await startServer(
        loadConfig({ PORT: '0', LOG_LEVEL: 'warn', TABLECAST_DATA_DIR: resolve(options.dataDir) }),
      );
      const bar = new SingleBar(
        { format: 'simulate [{bar}] {value}/{total} matches | {eta_formatted} left', hideCursor: true },
        Presets.shades_classic,
      );
      bar.start(options.matches, 0);
      try {
        const report = await simulate(
          server.app.get(MatchCommandService),
          server.app.get<AppEventStore>(EVENT_STORE),
          {
            matches: options.matches,
            ruleset: options.ruleset as RulesetName,
            format,
            seed: options.seed,
            delayMs: options.delay,
            checkInvariants: options.check,
            onMatchDone: (done) => {
              bar.update(done);
            },
          },
        );
        bar.stop();
        process.stdout.write(
          `simulated ${String(report.matches)} matches: ${String(report.hands)} deals, ${String(report.commands)} commands, ${String(report.events)} events into ${resolve(options.dataDir)}\n`,
        );
        if (report.problems.length > 0) {
          process.stderr.write(
            `${String(report.problems.length)} invariant problems:\n${report.problems.join('\n')}\n`,
          );
          process.exitCode = 1;
        }
      } finally {
        bar.stop();
        await server.app.close();
      }
    });
}
