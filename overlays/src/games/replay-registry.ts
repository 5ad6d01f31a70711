import { plainReplayGame, type ReplayGame } from '../lib/replay/replay-game';
import PlainReplayTable from '../lib/replay/PlainReplayTable.svelte';
import { DEFAULT_GAME } from './game-of';
import { guandanReplay } from './guandan/replay/replay-game';

/**
 * The committee's replay of each game, by game id. Dou Dizhu and Big Two have no replay words of
 * their own yet: their events show by code name with the raw data, and their table is drawn by
 * their on-air skin from the staff view the replay sends.
 */
const REPLAYS: Readonly<Record<string, ReplayGame>> = {
  guandan: guandanReplay,
  doudizhu: plainReplayGame(PlainReplayTable),
  bigtwo: plainReplayGame(PlainReplayTable),
};

/**
 * The game of a replay answer (one sent before the game was named in it is Guandan's): Guandan's carries its levels and hand at the top; another game's
 * sends its staff view, which names the game.
 */
export function replayGameOf(view: object): string {
  const detail: unknown = 'view' in view ? view.view : null;
  return typeof detail === 'object' && detail !== null && 'game' in detail && typeof detail.game === 'string'
    ? detail.game
    : DEFAULT_GAME;
}

/** The replay pieces of a game; a game this build does not know gets the plain ones. */
export function replayGameFor(game: string): ReplayGame {
  return REPLAYS[game] ?? plainReplayGame(PlainReplayTable);
}
