import { tablecastCatalogOf, type EventCatalog, type TablecastEvent } from '@tablecast/events';
import type { GuandanEvent } from '@tablecast/guandan';
import { guandanEvents, legacyMatchCreated } from './guandan-events';

declare module '@tablecast/events' {
  /**
   * Guandan's events in every match stream, typed: its events are stored under their own names
   * (see `storedEventType`), so a reader narrows a `TablecastEvent` to one by its type. The other
   * games' are stored under qualified names and read through their modules.
   */
  interface GameStreamEvents {
    readonly guandan: Exclude<GuandanEvent, { readonly type: 'MatchCreated' }>;
  }
}

/**
 * The platform's event catalog: the platform's MatchCreated (reading the Guandan one stored
 * before it as its v1), Guandan's events under their own names, and the platform's own events.
 * Its JSON Schemas are the published ones (libs/games/schemas). A match log also holds the other
 * games' events: `matchLogCatalog` adds them.
 */
export const tablecastCatalog: EventCatalog<TablecastEvent> = tablecastCatalogOf({
  matchCreatedV1: legacyMatchCreated,
  events: guandanEvents,
});
