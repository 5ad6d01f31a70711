import { answerTournamentOracleLine } from '@tablecast/tournament';
import type { Command } from 'commander';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { USAGE_ERROR, withHelp } from '../help-text';

/**
 * Streams the tournament oracle: one JSON request per input line, one JSON answer per line, in
 * order (docs/tournament-oracle.md). Blank lines are skipped; a malformed line gets an error line
 * and the stream goes on.
 */
export async function runTournamentOracle(input: Readable, output: Writable): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    output.write(`${JSON.stringify(answerTournamentOracleLine(line))}\n`);
  }
}

export function registerTournamentCommand(program: Command): void {
  withHelp(
    program
      .command('tournament')
      .description(
        'tournament oracle: JSON lines on stdin, one answer per line (ops: schedule, swissPair, matchpoints, duplicateStandings); see docs/tournament-oracle.md',
      ),
    {
      examples: [
        [
          `echo '{"op":"schedule","method":"berger","pairs":8}' | tablecast tournament`,
          'the 000 附录七 Berger table for 8 pairs',
        ],
      ],
      exitCodes: [
        [0, 'input ended (a malformed line gets an error answer, the stream goes on)'],
        [1, USAGE_ERROR],
      ],
    },
  ).action(async () => {
    await runTournamentOracle(process.stdin, process.stdout);
  });
}
