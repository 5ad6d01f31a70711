import { Inject, Injectable } from '@nestjs/common';
import { matchStream } from '@tablecast/events';
import { gameOfMatch } from '@tablecast/game-kit';
import { gameModule, isGameId } from '@tablecast/games';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';

/** A match's game and its module's seats, in play order. */
export interface MatchSeatList {
  readonly game: string;
  readonly seats: readonly string[];
}

/**
 * The seats a cue may name for a match: those of the game its MatchCreated names. Read from the
 * match's first event, so a cue for a match of any game is checked by that game's module.
 */
@Injectable()
export class MatchSeats {
  constructor(@Inject(EVENT_STORE) private readonly store: AppEventStore) {}

  /** Null for a match the log does not hold (or of a game this server has no module for). */
  async of(matchId: string): Promise<MatchSeatList | null> {
    const [first] = await this.store.readStream(matchStream(matchId), { maxCount: 1 });
    const game = gameOfMatch(first);
    if (game === undefined || !isGameId(game)) return null;
    return { game, seats: gameModule(game).seats };
  }
}
