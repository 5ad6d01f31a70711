import { resolve } from 'node:path';
import { acquireDataDirLock, DataDirLockedError, openTablecastEventStore } from '@tablecast/event-store';
import { matchLogCatalog, readModelGame } from '@tablecast/games';
import { ProjectionDb, rebuildProjections } from '@tablecast/projections';
import { EXIT_DATA_DIR_IN_USE } from '../../help-text';
import { rebuildTournamentStandings } from '../rebuild-tournament-standings';

/**
 * Rebuilds every read model of the data dir from position 0 under the data dir's lock; resolves
 * with the exit code (0 rebuilt, EXIT_DATA_DIR_IN_USE when a running server holds the dir).
 */
export async function runProjectionsRebuild(dataDirOption: string): Promise<number> {
  const dataDir = resolve(dataDirOption);
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
    return EXIT_DATA_DIR_IN_USE;
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
  return 0;
}
