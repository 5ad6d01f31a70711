import {
  GuandanMatchCreatedSchema,
  guandanEventSchemas,
  guandanModule,
  type EventOf,
  type GuandanEvent,
  type GuandanEventType,
} from '@tablecast/guandan';
import {
  catalogDisclosure,
  defineEvent,
  pastVersion,
  type Disclosure,
  type EventDefinition,
} from '@tablecast/events';

const moduleDisclosures: ReadonlyMap<string, Disclosure> = new Map(
  guandanModule.events.map((definition) => [definition.type, catalogDisclosure(definition.disclosure)]),
);

/**
 * Who may see a Guandan event, as the catalog (and its published JSON Schemas) lists it: the
 * module's disclosure (libs/guandan's event definitions) is the one source, so the catalog cannot
 * disagree with the feeds that redact by the module. A schema the module does not define is refused.
 */
export function guandanDisclosure(type: GuandanEventType): Disclosure {
  const disclosure = moduleDisclosures.get(type);
  if (disclosure === undefined)
    throw new RangeError(`${type}: the Guandan module defines no disclosure for it`);
  return disclosure;
}

/**
 * Guandan's events in the platform catalog. Its MatchCreated is not among them: every match opens
 * with the platform's (libs/events, `platform/match-created.ts`), which reads the Guandan one
 * stored before with `legacyMatchCreated` below.
 */
export const guandanEvents: readonly EventDefinition[] = guandanEventSchemas
  .filter((schema) => schema.shape.type.value !== 'MatchCreated')
  .map((schema) =>
    defineEvent<GuandanEvent>(schema, { disclosure: guandanDisclosure(schema.shape.type.value) }),
  );

/**
 * A Guandan match's opening event, read as Guandan's: the platform's MatchCreated names its game,
 * and only a Guandan game's carries the teams, ruleset and format Guandan's readers use.
 */
export function isGuandanMatchCreated(
  event: { readonly type: string; readonly data: unknown } | undefined,
): event is EventOf<'MatchCreated'> {
  if (event?.type !== 'MatchCreated') return false;
  // No game: written before the platform's MatchCreated, when every match was Guandan's (see the upcaster).
  const game = (event.data as { game?: unknown }).game;
  return game === 'guandan' || game === undefined;
}

/** Guandan's seats in play order, as every match stored before the seam sat them (GD-SEAT-1). */
const LEGACY_GUANDAN_SEATS = ['S', 'E', 'N', 'W'] as const;

/**
 * v1 of the platform's MatchCreated: the one stored before it, Guandan's (every match then was a
 * Guandan game). Read as the platform's by naming its game and seats; the stored bytes, and so the
 * hash chain over them, stay as they were.
 */
export const legacyMatchCreated = pastVersion(
  1,
  GuandanMatchCreatedSchema.shape.data.omit({ game: true, seats: true }),
  (data) => ({
    game: 'guandan',
    seats: [...LEGACY_GUANDAN_SEATS],
    ...data,
  }),
);
