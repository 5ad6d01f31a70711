import { rulesOracle } from '@tablecast/games';
import type { Command } from 'commander';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { USAGE_ERROR, withHelp } from '../help-text';

/**
 * Streams the rules oracle: one JSON request per input line, one JSON response per line, in order
 * (docs/rules-oracle.md). Blank lines are skipped; a malformed line gets an error line and the
 * stream goes on, so one bad request never ends a referee's session.
 */
export async function runGuandanOracle(input: Readable, output: Writable): Promise<void> {
  await runOracle(input, output, rulesOracle('guandan'));
}

/** The Dou Dizhu oracle, same protocol (docs/rules-oracle-doudizhu.md). */
export async function runDoudizhuOracle(input: Readable, output: Writable): Promise<void> {
  await runOracle(input, output, rulesOracle('doudizhu'));
}

/** The Big Two oracle, same protocol (docs/rules-oracle-bigtwo.md). */
export async function runBigTwoOracle(input: Readable, output: Writable): Promise<void> {
  await runOracle(input, output, rulesOracle('bigtwo'));
}

async function runOracle(
  input: Readable,
  output: Writable,
  answer: (line: string) => unknown,
): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    output.write(`${JSON.stringify(answer(line))}\n`);
  }
}

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
    await runBigTwoOracle(process.stdin, process.stdout);
  });
}
