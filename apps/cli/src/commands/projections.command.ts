import type { Command } from 'commander';
import { resolve } from 'node:path';
import { acquireDataDirLock, DataDirLockedError, openTablecastEventStore } from '@tablecast/event-store';
import { matchLogCatalog } from '@tablecast/games';
import { readModelGame } from '@tablecast/games';
import { ProjectionDb, rebuildProjections } from '@tablecast/projections';
import { rebuildTournamentStandings } from './rebuild-tournament-standings';
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
    const dataDir = resolve(dataDirOf(options.dataDir));
    let lock;
    try {
      lock = acquireDataDirLock(dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      process.stderr.write(
        `tablecast projections rebuild: refused, the data dir ${dataDir} is in use by a running ` +
          `Tablecast server (pid ${String(error.holderPid)}, lock file ${error.lockFile}); stop the ` +
          `server first. If no process with that pid is a Tablecast server, delete the lock file.\n`,
      );
      process.exitCode = EXIT_DATA_DIR_IN_USE;
      return;
    }
    try {
      const store = openTablecastEventStore({ dataDir }, matchLogCatalog);
      const db = new ProjectionDb(dataDir);
      try {
        const started = process.hrtime.bigint();
        const result = await rebuildProjections(store, db, readModelGame);
        const standings = await rebuildTournamentStandings(store, db);
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        process.stdout.write(
          `rebuilt projections from ${String(result.events)} events in ${ms.toFixed(0)} ms; checkpoint ${result.checkpoint ?? 'none'}; ` +
            `the standings of ${String(standings.tournaments)} tournament(s)\n`,
        );
      } finally {
        db.close();
        await store.close();
      }
    } finally {
      lock.release();
    }
  });
}
