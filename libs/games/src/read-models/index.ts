import type { ReadModelGame } from '@tablecast/projections';
import { guandanReadModel } from '../guandan/read-models/guandan-read-model';
import { gameModule, GAMES } from '../registry';

/**
 * Each game as the read models see it. A game with its own read models gives them here (Guandan's
 * level scoreboard); any other game's match folds through its module with no board beside it.
 */
export function readModelGame(game: string): ReadModelGame | undefined {
  if (game === guandanReadModel.module.id) return guandanReadModel;
  if (!GAMES.has(game)) return undefined;
  return { module: gameModule(game), board: () => null, correct: (board) => board, names: () => null };
}
