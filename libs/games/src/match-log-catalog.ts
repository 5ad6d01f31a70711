import { createCatalog, otherGamesEvents, type EventCatalog, type TablecastEvent } from '@tablecast/events';
import { tablecastCatalog } from './catalog/tablecast-catalog';
import { GAMES } from './registry';

/**
 * What a match log holds, for every registered game: the platform's catalog and each other game's
 * events under their stored names (`doudizhu.BidMade`). Whatever opens the event store passes it in
 * (the event store and the event catalog never import a game).
 */
export const matchLogCatalog: EventCatalog<TablecastEvent> = createCatalog<TablecastEvent>([
  ...tablecastCatalog.definitions,
  ...otherGamesEvents(GAMES.values()),
]);
