import { DEFAULT_GAME } from './game-of';
import { levelName } from './guandan/names';

/** What the landing page says of a table's match in a game's own words. */
export interface LandingWords {
  /** A side's level, as players say it (Guandan: levelIndex 0 = 2 … 12 = A, 13 = past A). */
  level(index: number): string;
}

/**
 * The landing page's words by game id. The table list names the game of each match (`game`;
 * absent from a server that lists Guandan matches only, as it did when it was the only game).
 * A game without an entry shows its table, status and links without levels.
 */
const LANDING: Readonly<Record<string, LandingWords | null>> = {
  guandan: { level: levelName },
  doudizhu: null,
  bigtwo: null,
};

export function landingWordsFor(summary: object): LandingWords | null {
  const game = 'game' in summary && typeof summary.game === 'string' ? summary.game : DEFAULT_GAME;
  return LANDING[game] ?? null;
}
