import type { Command } from 'commander';
import { DATA_DIR_HELP, dataDirOf, EXIT_DATA_DIR_IN_USE, USAGE_ERROR, withHelp } from '../help-text';

/**
 * `tablecast projections rebuild`: empties the read models and replays the whole log into them.
 * It takes the data dir's lock like a server does: a live server writes the same read models, so
 * the rebuild refuses while one holds the dir, and no server can start on it mid-rebuild.
 */
export function registerProjectionsCommand(program: Command): void {
  const projections = program
    .command('projections')
    .description('manage the read models built from the event log');
  withHelp(
    projections
      .command('rebuild')
      .description('rebuild every read model from position 0 of the event log (the server must be stopped)')
      .option('--data-dir <dir>', DATA_DIR_HELP),
    {
      examples: [
        ['tablecast projections rebuild', 'rebuild the read models in TABLECAST_DATA_DIR (or ./data)'],
        ['tablecast projections rebuild --data-dir /srv/tablecast/data', 'in another data dir'],
      ],
      exitCodes: [
        [0, 'rebuilt'],
        [1, USAGE_ERROR],
        [
          EXIT_DATA_DIR_IN_USE,
          'refused: a running server holds the data dir (tablecast.lock); stop it and run again',
        ],
      ],
    },
  ).action(async (options: { dataDir?: string }) => {
    // The store, the read models and every game's projection load only when a rebuild runs.
    const { runProjectionsRebuild } = await import('./projections/run-projections-rebuild.js');
    process.exitCode = await runProjectionsRebuild(dataDirOf(options.dataDir));
  });
}
