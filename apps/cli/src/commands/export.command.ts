import { Option, type Command } from 'commander';
import { dataDirOf, USAGE_ERROR, withHelp } from '../help-text';
import { withLogLocation } from './log-location';

export function registerExportCommand(program: Command): void {
  const command = withLogLocation(
    program
      .command('export')
      .description(
        'export a match: its log and appeals with hashes, the verification result and rulings (and the printable record)',
      )
      .argument('<match>', 'the match id, e.g. F1')
      .addOption(new Option('--format <format>', 'json or csv').choices(['json', 'csv']).default('json')),
    'export from',
  );
  withHelp(command, {
    examples: [
      [
        'tablecast export F1 --out F1-export.json --record F1-record.html',
        "the committee's file and the printable A4 record of match F1",
      ],
      ['tablecast export F1 --format csv --out F1.csv', 'the same events as a spreadsheet'],
      ['tablecast export F1 --data-dir /srv/tablecast/data > F1.json', 'from another data dir, to stdout'],
    ],
    exitCodes: [
      [0, 'exported, and the hash chains verify'],
      [1, `exported, but a hash chain is broken (the message names where); or ${USAGE_ERROR}`],
      [2, 'nothing exported: no event log in the data dir, or the match has no events'],
    ],
  });
  command
    .option('--out <file>', 'write the export to this file instead of stdout')
    .option('--record <file>', 'also write the printable match record (HTML, A4) to this file')
    .action(
      async (
        matchId: string,
        options: {
          format: 'json' | 'csv';
          dataDir?: string;
          eventstoreUrl?: string;
          out?: string;
          record?: string;
        },
      ) => {
        // The store, the replay and every game's record load only when an export runs.
        const { runExport } = await import('./export/run-export.js');
        const outcome = await runExport({
          matchId,
          ...options,
          dataDir: dataDirOf(options.dataDir),
          eventstoreUrl: options.eventstoreUrl,
          out: options.out,
          record: options.record,
        });
        if (!options.out) process.stdout.write(outcome.body);
        process.stderr.write(`${outcome.message}\n`);
        process.exitCode = outcome.exitCode;
      },
    );
  withHelp(
    program
      .command('verify-export')
      .description('recompute the hash chains inside a JSON file written by `tablecast export`')
      .argument('<file>', 'the export file'),
    {
      examples: [['tablecast verify-export F1-export.json', 'the committee checks the file it was given']],
      exitCodes: [
        [0, 'every hash chain in the file is intact'],
        [1, `a chain is broken: the message names the stream and position; or ${USAGE_ERROR}`],
        [2, 'the file is missing, not JSON, or not a tablecast match export'],
      ],
    },
  ).action(async (file: string) => {
    const { runVerifyExport } = await import('./export/run-export.js');
    const outcome = runVerifyExport(file);
    process.stdout.write(`${outcome.message}\n`);
    process.exitCode = outcome.exitCode;
  });
}
