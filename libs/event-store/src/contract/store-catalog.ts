import {
  createCatalog,
  defineEvent,
  platformEvents,
  type EventCatalog,
  type TablecastEvent,
} from '@tablecast/events';
import { z } from 'zod';

/** A seat's pass: the game event the event store's own tests write (`numberedPass`). */
const PassedSchema = z.object({ type: z.literal('Passed'), data: z.object({ seat: z.string().min(1) }) });
export type TestPassed = z.infer<typeof PassedSchema>;

/** The other game events in the committed files of older layouts (fixtures/*.sqlite); their data is the game's business. */
const OtherGameEventSchemas = [
  z.object({ type: z.literal('CardsPlayed'), data: z.looseObject({}) }),
  z.object({ type: z.literal('HandStarted'), data: z.looseObject({}) }),
] as const;
type OtherGameEvent = z.infer<(typeof OtherGameEventSchemas)[number]>;

/** What the event store's own tests store: the platform's events and a game's few. */
export type StoreTestEvent = TablecastEvent | TestPassed | OtherGameEvent;

/**
 * The catalog the event store's own tests read and write with. The event store knows no game, so
 * its tests use no game's catalog; the applications open it with the registry's
 * (`matchLogCatalog` of @tablecast/games).
 */
export const storeTestCatalog: EventCatalog<StoreTestEvent> = createCatalog<StoreTestEvent>([
  ...platformEvents,
  defineEvent(PassedSchema, { disclosure: 'public' }),
  ...OtherGameEventSchemas.map((schema) => defineEvent<OtherGameEvent>(schema, { disclosure: 'public' })),
]);
