import type { Command } from 'commander';
import { USAGE_ERROR, withHelp } from '../help-text';

export function registerRulesCommand(program: Command): void {
  const rules = program
    .command('rules')
    .description('rules oracles: JSON lines on stdin, one answer per line');
  withHelp(
    rules
      .command('guandan')
      .description(
        'Guandan rules oracle (ops: classify, beats, legalPlays, replay, rulesets); see docs/rules-oracle.md',
      ),
    {
      examples: [
        [
          `echo '{"op":"rulesets"}' | tablecast rules guandan`,
          'one request, one answer line; a referee may keep the stream open for many',
        ],
      ],
      exitCodes: [
        [0, 'input ended (a malformed line gets an error answer, the stream goes on)'],
        [1, USAGE_ERROR],
      ],
    },
  ).action(async () => {
    // The oracle (and every game's rules) loads only when this command runs: --help stays light.
    const { runGuandanOracle } = await import('./rules/run-rules-oracle.js');
    await runGuandanOracle(process.stdin, process.stdout);
  });
  withHelp(
    rules
      .command('doudizhu')
      .description(
        'Dou Dizhu rules oracle (ops: classify, beats, legalPlays, score, replay); see docs/rules-oracle-doudizhu.md',
      ),
    {
      examples: [
        [
          `echo '{"op":"classify","cards":["BJ","RJ"]}' | tablecast rules doudizhu`,
          'one request, one answer line; a referee may keep the stream open for many',
        ],
      ],
      exitCodes: [
        [0, 'input ended (a malformed line gets an error answer, the stream goes on)'],
        [1, USAGE_ERROR],
      ],
    },
  ).action(async () => {
    const { runDoudizhuOracle } = await import('./rules/run-rules-oracle.js');
    await runDoudizhuOracle(process.stdin, process.stdout);
  });
  withHelp(
    rules
      .command('bigtwo')
      .description(
        'Big Two rules oracle (ops: classify, beats, legalPlays, score, replay); see docs/rules-oracle-bigtwo.md',
      ),
    {
      examples: [
        [
          `echo '{"op":"classify","cards":["SA","S2","S3","S4","S5"]}' | tablecast rules bigtwo`,
          'one request, one answer line; a referee may keep the stream open for many',
        ],
      ],
      exitCodes: [
        [0, 'input ended (a malformed line gets an error answer, the stream goes on)'],
        [1, USAGE_ERROR],
      ],
    },
  ).action(async () => {
    const { runBigTwoOracle } = await import('./rules/run-rules-oracle.js');
    await runBigTwoOracle(process.stdin, process.stdout);
  });
}
