import { bigtwoSkin } from './bigtwo';
import { doudizhuSkin } from './doudizhu';
import { guandanSkin } from './guandan';
import type { AnySkin } from './skin';

/** Every game's skin by game id. A new game adds its folder and one line here. */
const SKINS: Readonly<Record<string, AnySkin>> = {
  guandan: guandanSkin,
  doudizhu: doudizhuSkin,
  bigtwo: bigtwoSkin,
};

/** Views sent before the game was named on the wire are Guandan's: it was the only game. */
const DEFAULT_GAME = 'guandan';

/** The game a view belongs to. */
export function gameOf(view: { readonly revision: number; readonly game?: string }): string {
  return view.game ?? DEFAULT_GAME;
}

/**
 * The skin that draws a view, chosen by the game the view names; null for a game this build has no
 * skin for, and a frame page then draws nothing in its slot (nothing wrong on air).
 */
export function skinFor(view: { readonly revision: number; readonly game?: string }): AnySkin | null {
  return SKINS[gameOf(view)] ?? null;
}

/** The game ids that have a skin. */
export function skinnedGames(): readonly string[] {
  return Object.keys(SKINS);
}
