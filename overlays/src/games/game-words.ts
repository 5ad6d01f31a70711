import type { Lang } from '../lib/i18n';
import { bigtwoWords } from './bigtwo/game-words';
import { doudizhuWords } from './doudizhu/game-words';
import { gameOf } from './game-of';
import { guandanWords } from './guandan/game-words';
import type { SkinLabels } from './skin';

/** A game's name and seats, without its screens: what a page that draws no table needs of a game. */
export interface GameWords {
  readonly seats: readonly string[];
  readonly labels: Readonly<Record<Lang, SkinLabels>>;
}

/**
 * Each game's words by game id, apart from the skins, so the producer's dashboard and the watch
 * header load a game's name and seats without its Svelte screens (the page-weight budget).
 */
const WORDS: Readonly<Record<string, GameWords>> = {
  guandan: guandanWords,
  doudizhu: doudizhuWords,
  bigtwo: bigtwoWords,
};

/** The words of the game a view names (Guandan when it names none); null for a game with no skin. */
export function gameWordsFor(view: { readonly revision: number; readonly game?: string }): GameWords | null {
  return WORDS[gameOf(view)] ?? null;
}
