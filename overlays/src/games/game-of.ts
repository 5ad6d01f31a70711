/** Views sent before the game was named on the wire are Guandan's: it was the only game. */
export const DEFAULT_GAME = 'guandan';

/**
 * The game a view belongs to. Kept apart from the skins (registry.ts) so a page that only needs to
 * know the game does not bundle every game's graphics.
 */
export function gameOf(view: { readonly revision: number; readonly game?: string }): string {
  return view.game ?? DEFAULT_GAME;
}
