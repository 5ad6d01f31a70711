import type { Command } from 'commander';
import { USAGE_ERROR, withHelp } from '../help-text';

export function registerObsCommand(program: Command): void {
  const obs = program.command('obs').description('drive the OBS instances of OBS_INSTANCES');
  const setup = obs
    .command('setup')
    .description(
      "create or update the final's scene collection (table, overhead, standings, break, delay building)",
    )
    .option('--table <id>', 'the table the overlays follow (table=: its match now, then the next)')
    .option('--onair', 'the overlays follow the table the producer has on program (onair=1)')
    .option('--obs <name>', 'which OBS of OBS_INSTANCES', 'main')
    .option(
      '--base-url <url>',
      'where OBS loads the overlays from (default: http://HOST:PORT of the server config)',
    )
    .option(
      '--game <id>',
      "the final's game: guandan, doudizhu (lower thirds for seats 0, 1, 2) or bigtwo",
      'guandan',
    )
    .option('--tournament <id>', "the tournament whose other tables the Break scene's ticker shows")
    .option('--json', 'print the report as JSON');
  withHelp(setup, {
    examples: [
      [
        'OBS_INSTANCES=main=ws://127.0.0.1:4455 OBS_PASSWORD_MAIN=… tablecast obs setup --table final-1',
        'the scenes of table final-1 in the main OBS, loading the overlays from HOST:PORT',
      ],
      [
        'tablecast obs setup --onair --obs backup --base-url http://10.0.0.5:3000',
        'the show in the backup OBS (the table on program), which reaches the server at 10.0.0.5',
      ],
    ],
    exitCodes: [
      [0, 'every scene is set up'],
      [1, `no such OBS in OBS_INSTANCES, OBS unreachable or refused; or ${USAGE_ERROR}`],
      [2, 'set up in part: the message names the scenes it could not complete'],
    ],
  });
  setup.action(
    async (options: {
      table?: string;
      onair?: boolean;
      obs: string;
      baseUrl?: string;
      game: string;
      tournament?: string;
      json?: boolean;
    }) => {
      const { runObsSetup } = await import('./obs/run-obs-setup.js');
      const { outcome, exitCode } = await runObsSetup(
        {
          table: options.table,
          onAir: options.onair === true,
          obs: options.obs,
          baseUrl: options.baseUrl,
          game: options.game,
          tournament: options.tournament,
        },
        process.env,
      );
      if (outcome === null) {
        process.exitCode = exitCode === 0 ? 1 : exitCode;
        return;
      }
      process.stdout.write(
        options.json === true
          ? `${JSON.stringify({ exitCode: outcome.exitCode, message: outcome.message, report: outcome.report ?? null })}\n`
          : `${outcome.message}\n`,
      );
      process.exitCode = outcome.exitCode;
    },
  );
}
