import { Option, type Command } from 'commander';
import { runExport, runVerifyExport } from './export/run-export';
import { withLogLocation } from './log-location';

export function registerExportCommand(program: Command): void {
  withLogLocation(
    program
      .command('export')
      .description(
        'export a match: its log and appeals with hashes, the verification result and rulings (and the printable record)',
      )
      .argument('<match>', 'the match id, e.g. F1')
      .addOption(new Option('--format <format>', 'json or csv').choices(['json', 'csv']).default('json')),
    'export from',
  )
    .option('--out <file>', 'write the export to this file instead of stdout')
    .option('--record <file>', 'also write the printable match record (HTML, A4) to this file')
    .action(
      async (
        matchId: string,
        options: {
          format: 'json' | 'csv';
          dataDir: string;
          eventstoreUrl?: string;
          out?: string;
          record?: string;
        },
      ) => {
        const outcome = await runExport({
          matchId,
          ...options,
          eventstoreUrl: options.eventstoreUrl,
          out: options.out,
          record: options.record,
        });
        if (!options.out) process.stdout.write(outcome.body);
        process.stderr.write(`${outcome.message}\n`);
        process.exitCode = outcome.exitCode;
      },
    );
  program
    .command('verify-export')
    .description('recompute the hash chains inside a JSON file written by `tablecast export`')
    .argument('<file>', 'the export file')
    .action((file: string) => {
      const outcome = runVerifyExport(file);
      process.stdout.write(`${outcome.message}\n`);
      process.exitCode = outcome.exitCode;
    });
}
