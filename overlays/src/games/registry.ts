import { bigtwoSkin } from './bigtwo';
import { doudizhuSkin } from './doudizhu';
import { guandanSkin } from './guandan';
import { DEFAULT_GAME, gameOf } from './game-of';
import type { AnySkin } from './skin';

export { gameOf };

/** Every game's skin by game id. A new game adds its folder and one line here. */
const SKINS: Readonly<Record<string, AnySkin>> = {
  guandan: guandanSkin,
  doudizhu: doudizhuSkin,
  bigtwo: bigtwoSkin,
};

/**
 * The skin that draws a view, chosen by the game the view names; null for a game this build has no
 * skin for, and a frame page then draws nothing in its slot (nothing wrong on air).
 */
export function skinFor(view: { readonly revision: number; readonly game?: string }): AnySkin | null {
  return SKINS[gameOf(view)] ?? null;
}

/**
 * The skin of a match's game before any view is on air (the delay building): the game the frames'
 * header names, else the game of the last view shown, else Guandan's (frames that name no game).
 */
export function skinForFeed(feed: {
  readonly game: string | null;
  readonly view: { readonly revision: number; readonly game?: string } | null;
}): AnySkin | null {
  return SKINS[feed.game ?? (feed.view === null ? DEFAULT_GAME : gameOf(feed.view))] ?? null;
}

/** The game ids that have a skin. */
export function skinnedGames(): readonly string[] {
  return Object.keys(SKINS);
}
