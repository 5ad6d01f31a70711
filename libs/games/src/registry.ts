import type { AnyGameModule } from '@tablecast/game-kit';
import { bigtwoModule } from '@tablecast/bigtwo';
import { doudizhuModule } from '@tablecast/doudizhu';
import { guandanModule } from '@tablecast/guandan';

/** A game id nobody registered: a client's or a file's mistake, named in the message. */
export class UnknownGameError extends Error {
  override readonly name = 'UnknownGameError';

  constructor(readonly game: string) {
    super(`unknown game "${game}": expected one of ${[...GAMES.keys()].join(', ')}`);
  }
}

/** Builds a registry, refusing two modules with one id. */
export function gameRegistry(modules: readonly AnyGameModule[]): ReadonlyMap<string, AnyGameModule> {
  const registry = new Map<string, AnyGameModule>();
  for (const module of modules) {
    if (registry.has(module.id)) throw new RangeError(`two game modules have the id "${module.id}"`);
    registry.set(module.id, module);
  }
  return registry;
}

/**
 * Every game the platform carries, by id. The one place a game is added: a new game is its
 * package plus one line here (and its skin folder in the overlays).
 */
export const GAMES: ReadonlyMap<string, AnyGameModule> = gameRegistry([
  guandanModule,
  doudizhuModule,
  bigtwoModule,
]);

/** The module of a game id; unknown ids throw `UnknownGameError`. */
export function gameModule(game: string): AnyGameModule {
  const module = GAMES.get(game);
  if (module === undefined) throw new UnknownGameError(game);
  return module;
}

export function isGameId(game: string): boolean {
  return GAMES.has(game);
}
