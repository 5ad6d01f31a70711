import { rulesOracle } from '@tablecast/games';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

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
