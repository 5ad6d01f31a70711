import type { AnyGameModule, DuplicateBoards } from '@tablecast/game-kit';
import { GAMES } from '@tablecast/games';

/** The games whose modules deal duplicate boards (`GameModule.duplicate`), by id. */
export function duplicateGames(): string[] {
  return [...GAMES.values()].filter((m) => m.duplicate !== undefined).map((m) => m.id);
}

/** The duplicate-boards capability of a match's module; a module without one deals no set's boards. */
export function duplicateOf(module: AnyGameModule): DuplicateBoards {
  const duplicate = module.duplicate;
  if (duplicate === undefined) throw new RangeError(`${module.id} deals no duplicate boards`);
  return duplicate;
}

/** The duplicate-boards capability of a game id from the registry (a set's game). */
export function duplicateOfGame(game: string): DuplicateBoards {
  const module = GAMES.get(game);
  if (module === undefined) throw new RangeError(`unknown game "${game}"`);
  return duplicateOf(module);
}
