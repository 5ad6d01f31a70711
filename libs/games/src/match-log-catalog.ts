import { matchLogCatalogOf, type EventCatalog, type TablecastEvent } from '@tablecast/events';
import { GAMES } from './registry';

/**
 * What a match log holds, for every registered game: the platform's catalog and each other game's
 * events under their stored names. Whatever opens the event store passes it in (the event store and
 * the event catalog never import a game).
 */
export const matchLogCatalog: EventCatalog<TablecastEvent> = matchLogCatalogOf(GAMES.values());
