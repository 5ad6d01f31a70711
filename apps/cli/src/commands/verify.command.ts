import type { Command } from 'commander';
import { withLogLocation } from './log-location';
import { runVerify } from './verify/run-verify';

export function registerVerifyCommand(program: Command): void {
  withLogLocation(
    program
      .command('verify')
      .description('recompute the event log hash chain and name the first broken link')
      .argument('<stream|all>', 'a stream name such as match-F1, or "all" for the whole log'),
    'verify',
  )
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
          dataDir: string;
          eventstoreUrl?: string;
          json?: boolean;
          heads?: string;
          writeHeads?: string;
        },
      ) => {
        const outcome = await runVerify({
          target,
          dataDir: options.dataDir,
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
