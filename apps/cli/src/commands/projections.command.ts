import type { Command } from 'commander';
import { resolve } from 'node:path';
import { openEmbeddedEventStore, ProjectionDb, rebuildProjections } from '@tablecast/server';

/**
 * `tablecast projections rebuild`: empties the read models and replays the whole log into them.
 * Run it with the server stopped (the server's runner writes the same file while it is up).
 */
export function registerProjectionsCommand(program: Command): void {
  const projections = program
    .command('projections')
    .description('manage the read models built from the event log');
  projections
    .command('rebuild')
    .description('rebuild every read model from position 0 of the event log (stop the server first)')
    .option(
      '--data-dir <dir>',
      'data directory of the embedded store',
      process.env.TABLECAST_DATA_DIR ?? './data',
    )
    .action(async (options: { dataDir: string }) => {
      const dataDir = resolve(options.dataDir);
      const store = openEmbeddedEventStore(dataDir);
      const db = new ProjectionDb(dataDir);
      try {
        const started = process.hrtime.bigint();
        const result = await rebuildProjections(store, db);
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        process.stdout.write(
          `rebuilt projections from ${String(result.events)} events in ${ms.toFixed(0)} ms; checkpoint ${result.checkpoint ?? 'none'}\n`,
        );
      } finally {
        db.close();
        await store.close();
      }
    });
}
