import type { EventStore } from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import { ArbitrationIndex } from './arbitration-index';
import { MatchProjection } from './match-projection';
import type { ProjectionDb } from './projection-db';
import type { ReadModelGames } from './read-model-game';

const FLUSH_EVERY = 10_000;

/**
 * Empties the read models and replays the whole log from position 0 into them, writing in large
 * transactions. The result equals what the live runner builds event by event (tested).
 */
export async function rebuildProjections(
  store: EventStore<TablecastEvent>,
  db: ProjectionDb,
  games: ReadModelGames,
): Promise<{ events: number; checkpoint: string | undefined }> {
  db.reset();
  const projection = new MatchProjection(db, games);
  const arbitration = new ArbitrationIndex(db);
  let events = 0;
  let checkpoint: string | undefined;
  for await (const event of store.readAll()) {
    // Its rows first: the checkpoint a flush writes never passes an event not in the index.
    arbitration.apply(event);
    projection.apply(event);
    events += 1;
    if (projection.pending >= FLUSH_EVERY) checkpoint = projection.flush();
  }
  // Every match's state at the end, as a projector's last flush writes it.
  checkpoint = projection.flush(true) ?? checkpoint;
  return { events, checkpoint };
}
