import type { Command } from 'commander';
import { runObsSetup } from './obs/run-obs-setup';

export function registerObsCommand(program: Command): void {
  const obs = program.command('obs').description('drive the OBS instances of OBS_INSTANCES');
  obs
    .command('setup')
    .description(
      "create or update the final's scene collection (table, overhead, standings, break, delay building)",
    )
    .requiredOption('--match <id>', 'the match the overlays follow')
    .option('--obs <name>', 'which OBS of OBS_INSTANCES', 'main')
    .option(
      '--base-url <url>',
      'where OBS loads the overlays from (default: http://HOST:PORT of the server config)',
    )
    .option('--json', 'print the report as JSON')
    .action(async (options: { match: string; obs: string; baseUrl?: string; json?: boolean }) => {
      const outcome = await runObsSetup(
        { matchId: options.match, obs: options.obs, baseUrl: options.baseUrl },
        process.env,
      );
      process.stdout.write(
        options.json === true
          ? `${JSON.stringify({ exitCode: outcome.exitCode, message: outcome.message, report: outcome.report ?? null })}\n`
          : `${outcome.message}\n`,
      );
      process.exitCode = outcome.exitCode;
    });
}
