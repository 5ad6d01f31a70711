import { answerTournamentOracleLine } from '@tablecast/tournament';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

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
