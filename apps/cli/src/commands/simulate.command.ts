import type { Command } from 'commander';
import { resolve } from 'node:path';
import { EXIT_DATA_DIR_IN_USE, USAGE_ERROR, withHelp } from '../help-text';
import { runServerApp } from '../server-app/run-server-app';
import { parseWhole } from './demo.command';
import { SIMULATED_GAMES_HELP, type SimulatedGameHelp } from './simulate/simulated-games-help';
import type { SimulateMessage, SimulateRequest, SimulationReport } from '@tablecast/simulation';

interface SimulateOptions {
  game: string;
  matches: number;
  ruleset?: string;
  format?: string;
  seed: string;
  delay: number;
  dataDir: string;
  check: boolean;
}

const GAME_IDS = Object.keys(SIMULATED_GAMES_HELP);

/**
 * `tablecast simulate`: bots play matches through the match service of a real server (embedded
 * SQLite in --data-dir), at full speed or paced. The logs it writes are fixtures for benchmarks and
 * overlay tests.
 */
export function registerSimulateCommand(program: Command): void {
  const command = program
    .command('simulate')
    .description('play matches between bots through the real command path, checking invariants')
    .option('--game <id>', `the game the bots play (${GAME_IDS.join(', ')})`, 'guandan')
    .option('--matches <n>', 'how many matches', parseWhole, 10)
    .option(
      '--ruleset <name>',
      `ruleset (${GAME_IDS.map((id) => `${id}: ${helpOf(id).rulesets.join(', ')}`).join('; ')}; default the first)`,
    )
    .option(
      '--format <format>',
      GAME_IDS.map((id) => `${id}: ${helpOf(id).formats} (default ${helpOf(id).defaultFormat})`).join('; '),
    )
    .option('--seed <seed>', 'seed of the bots and the shuffles', 'tablecast')
    .option('--delay <ms>', 'pause between commands (0 = full speed)', parseWhole, 0)
    .option(
      '--data-dir <dir>',
      'data directory for the simulated log (TABLECAST_DATA_DIR is not read: a simulation never writes into a real log)',
      './data/simulation',
    )
    .option('--no-check', 'skip the invariant checks after every event');
  withHelp(command, {
    examples: [
      ['tablecast simulate', '10 matches of 7 deals into ./data/simulation'],
      [
        'tablecast simulate --matches 40 --format toPastAce --seed rehearsal --data-dir /tmp/rehearsal',
        '40 matches played to past A, reproducible from the seed',
      ],
      ['tablecast simulate --matches 2 --delay 500', 'slowly, to watch the overlays follow'],
      ['tablecast simulate --game doudizhu --matches 5', '5 Dou Dizhu matches of 3 boards each'],
    ],
    exitCodes: [
      [0, 'every match played with no invariant problem'],
      [1, `invariant problems (listed on stderr); or ${USAGE_ERROR}`],
      [EXIT_DATA_DIR_IN_USE, 'refused: a running server holds the data dir (tablecast.lock)'],
    ],
  });
  command.action(async (options: SimulateOptions) => {
    if (!GAME_IDS.includes(options.game)) {
      throw new Error(`--game "${options.game}": expected one of ${GAME_IDS.join(', ')}`);
    }
    // The games and the progress bar load only when a simulation runs: the help stays light.
    const [{ simulatedGame }, { matchProgress }] = await Promise.all([
      import('@tablecast/games'),
      import('./simulate/match-progress.js'),
    ]);
    const game = simulatedGame(options.game);
    const ruleset = options.ruleset ?? game.rulesets[0] ?? '';
    if (!game.rulesets.includes(ruleset)) {
      throw new Error(`--ruleset "${ruleset}": expected one of ${game.rulesets.join(', ')}`);
    }
    const formatText = options.format ?? game.defaultFormat;
    const format = game.parseFormat(formatText);
    const dataDir = resolve(options.dataDir);
    const request: SimulateRequest = {
      game: options.game,
      matches: options.matches,
      ruleset,
      format,
      seed: options.seed,
      delayMs: options.delay,
      checkInvariants: options.check,
      dataDir,
    };
    const progress = matchProgress(process.stderr, options.matches);
    let report: SimulationReport | undefined;
    try {
      // The server app in a process of its own (the bots play through its match service there);
      // it tells this process its progress and its report.
      const exitCode = await runServerApp<SimulateMessage>(
        'simulation/simulate-main.js',
        [JSON.stringify(request)],
        process.env,
        {
          onMessage: (message) => {
            if (message.type === 'started' && !process.stderr.isTTY) {
              process.stderr.write(
                `simulate: ${String(options.matches)} ${gameLabel(options.game)}matches (${ruleset}, ${formatText}, seed ${options.seed}) into ${dataDir}\n`,
              );
            }
            if (message.type === 'matchDone') progress.update(message.done);
            if (message.type === 'report') report = message.report;
          },
        },
      );
      progress.stop();
      if (report === undefined) {
        process.exitCode = exitCode === 0 ? 1 : exitCode;
        return;
      }
      process.stdout.write(
        `simulated ${String(report.matches)} ${gameLabel(options.game)}matches: ${String(report.hands)} deals, ${String(report.commands)} commands, ${String(report.events)} events into ${dataDir}\n`,
      );
      if (report.problems.length > 0) {
        process.stderr.write(
          `${String(report.problems.length)} invariant problems:\n${report.problems.join('\n')}\n`,
        );
        process.exitCode = 1;
      } else if (exitCode !== 0) {
        process.exitCode = exitCode;
      }
    } finally {
      progress.stop();
    }
  });
}

function helpOf(id: string): SimulatedGameHelp {
  const help = SIMULATED_GAMES_HELP[id];
  if (help === undefined) throw new Error(`no simulated game "${id}"`);
  return help;
}

/** Guandan's lines read as before; another game's name its game (`3 doudizhu matches`). */
function gameLabel(game: string): string {
  return game === 'guandan' ? '' : `${game} `;
}
