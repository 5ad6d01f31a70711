import type { Command } from 'commander';
import { dataDirOf, USAGE_ERROR, withHelp } from '../help-text';
import { withLogLocation } from './log-location';

export function registerVerifyCommand(program: Command): void {
  const command = withLogLocation(
    program
      .command('verify')
      .description('recompute the event log hash chain and name the first broken link')
      .argument('<stream|all>', 'a stream name such as match-F1, or "all" for the whole log'),
    'verify',
  );
  withHelp(command, {
    examples: [
      ['tablecast verify all', 'check the whole log in TABLECAST_DATA_DIR (or ./data)'],
      ['tablecast verify match-F1 --data-dir /srv/tablecast/data', 'check one match stream'],
      [
        'tablecast verify all --write-heads heads-2026-11-28.json',
        'after the final: save the heads to publish',
      ],
      [
        'tablecast verify all --heads heads-2026-11-28.json',
        'later: the log still holds the published heads',
      ],
    ],
    exitCodes: [
      [0, 'the hash chain is intact (and holds the published heads)'],
      [1, `the chain is broken: the message names the first broken link; or ${USAGE_ERROR}`],
      [2, 'nothing to check: no event log in the data dir, no such stream, or an unreadable heads file'],
    ],
  });
  command
    .option('--json', 'print the result as JSON')
    .option('--heads <file>', 'also check the log still holds the stream heads published in this file')
    .option(
      '--write-heads <file>',
      'after an intact check, write the stream heads to this file for publication',
    )
    .action(
      async (
        target: string,
        options: {
          dataDir?: string;
          eventstoreUrl?: string;
          json?: boolean;
          heads?: string;
          writeHeads?: string;
        },
      ) => {
        // The event store (SQLite, the KurrentDB client) loads only when a check runs.
        const { runVerify } = await import('./verify/run-verify.js');
        const outcome = await runVerify({
          target,
          dataDir: dataDirOf(options.dataDir),
          eventstoreUrl: options.eventstoreUrl,
          publishedHeadsFile: options.heads,
          writeHeadsFile: options.writeHeads,
        });
        process.stdout.write(
          options.json === true
            ? `${JSON.stringify({ target, exitCode: outcome.exitCode, message: outcome.message, result: outcome.result ?? null })}\n`
            : `${outcome.message}\n`,
        );
        process.exitCode = outcome.exitCode;
      },
    );
}
