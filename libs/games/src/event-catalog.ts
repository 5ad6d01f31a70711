import type { AnyGameModule, DisclosureClass, GameEventDefinition } from '@tablecast/game-kit';
import { GAMES } from './registry';

/** One event type of one game, as the platform's catalog lists it. */
export interface GameCatalogEntry {
  readonly game: string;
  readonly type: string;
  /** The version written today: one more than the past versions it can still read. */
  readonly version: number;
  readonly disclosure: DisclosureClass;
  readonly definition: GameEventDefinition;
}

/** The events of every registered game, looked up by game and type (two games may share a type name). */
export interface GameEventCatalog {
  readonly entries: readonly GameCatalogEntry[];
  definition(game: string, type: string): GameEventDefinition | undefined;
  /** The event types of one game, in the module's order. */
  typesOf(game: string): readonly string[];
}

/**
 * Builds the catalog of the games' events. A type may appear once per game; a game whose module
 * lists one twice, or lists a platform event type (corrections, appeals: `reserved`), is refused.
 */
export function buildGameEventCatalog(
  modules: Iterable<AnyGameModule> = GAMES.values(),
  reserved: ReadonlySet<string> = new Set(),
): GameEventCatalog {
  const entries: GameCatalogEntry[] = [];
  const byGame = new Map<string, Map<string, GameEventDefinition>>();
  for (const module of modules) {
    const own = new Map<string, GameEventDefinition>();
    for (const definition of module.events) {
      if (own.has(definition.type))
        throw new RangeError(`${module.id}: event ${definition.type} is defined twice`);
      if (reserved.has(definition.type)) {
        throw new RangeError(`${module.id}: event ${definition.type} is a platform event, not the game's`);
      }
      own.set(definition.type, definition);
      entries.push({
        game: module.id,
        type: definition.type,
        version: (definition.history?.length ?? 0) + 1,
        disclosure: definition.disclosure,
        definition,
      });
    }
    byGame.set(module.id, own);
  }
  return {
    entries,
    definition: (game, type) => byGame.get(game)?.get(type),
    typesOf: (game) => [...(byGame.get(game)?.keys() ?? [])],
  };
}
