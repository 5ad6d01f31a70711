import type { ResultCorrected } from '@tablecast/events';
import type { AnyGameModule, GameEvent } from '@tablecast/game-kit';
import type { MatchNames } from '@tablecast/protocol';

/**
 * A game as the read models see it: its module (the match state is the module's fold) and the
 * game's own read models beside it, such as Guandan's level scoreboard. The registry (libs/games)
 * has one per game; a game with nothing beyond its module's state gives a board of null.
 */
export interface ReadModelGame<B = unknown> {
  readonly module: AnyGameModule;
  /** The game's board of the match after one of its events (the module's own event names). */
  board(previous: B | null, matchId: string, event: GameEvent): B | null;
  /** A ruling's or a score correction's new result, applied to the board. */
  correct(board: B, event: ResultCorrected): B;
  /** The players' and pairs' names from the match's MatchCreated, or null. */
  names(created: GameEvent): MatchNames | null;
}

/** The read-model game of a game id, or undefined for a game the platform does not know. */
export type ReadModelGames = (game: string) => ReadModelGame | undefined;
