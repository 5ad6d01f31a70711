import type { AnyGameModule, DisclosureClass } from '@tablecast/game-kit';
import { z } from 'zod';
import { defineEvent, type Disclosure, type EventDefinition } from '../catalog/definition';

/**
 * Guandan's events are stored under their own names (every match stream before other games was
 * Guandan's, and its readers know those names). Every other game's events are stored under names
 * qualified with the game (`doudizhu.BidMade`), so two games' events of one name (`CardsPlayed`)
 * never meet in the catalog, and a reader that knows Guandan's names never mistakes another
 * game's event for one of them. MatchCreated is the platform's and is never qualified.
 */
const UNQUALIFIED_GAME = 'guandan';
const SEPARATOR = '.';

/** The stored name of a game's event type. */
export function storedEventType(game: string, type: string): string {
  return game === UNQUALIFIED_GAME || type === 'MatchCreated' ? type : `${game}${SEPARATOR}${type}`;
}

/** The game's own name of a stored event type of that game's match stream (the name its module folds). */
export function gameEventType(game: string, storedType: string): string {
  const prefix = `${game}${SEPARATOR}`;
  return game !== UNQUALIFIED_GAME && storedType.startsWith(prefix)
    ? storedType.slice(prefix.length)
    : storedType;
}

/**
 * The catalog's class of a module's disclosure: the catalog's classes are coarser, and a sealed
 * choice (DDZ-DBL-1) reaches staff only, as a staff event does. The module's class is the source.
 */
export function catalogDisclosure(disclosure: DisclosureClass): Disclosure {
  return disclosure === 'sealed' ? 'staff' : disclosure;
}

/** One game's events, under their stored names, each with its module's schema of the data. */
export function qualifiedGameEvents(module: AnyGameModule): readonly EventDefinition[] {
  return module.events
    .filter((definition) => definition.type !== 'MatchCreated')
    .map((definition) => {
      const data = (definition.schema as unknown as z.ZodObject<{ data: z.ZodType }>).shape.data;
      const schema = z.object({ type: z.literal(storedEventType(module.id, definition.type)), data });
      return defineEvent(schema, { disclosure: catalogDisclosure(definition.disclosure) });
    });
}

/** The events of the given games other than Guandan (whose events the catalog lists by name). */
export function otherGamesEvents(modules: Iterable<AnyGameModule>): readonly EventDefinition[] {
  return [...modules].filter((module) => module.id !== UNQUALIFIED_GAME).flatMap(qualifiedGameEvents);
}
