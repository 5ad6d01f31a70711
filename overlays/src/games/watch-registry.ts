import type { MatchView } from '@tablecast/protocol';
import type { Lang } from '../lib/i18n';
import type { WatchStory } from '../lib/watch/watch-story';
import { DEFAULT_GAME } from './game-of';
import { guandanOnAir } from './guandan/on-air-words';
import { announcement } from './guandan/watch/announce';
import GuandanWatch from './guandan/watch/GuandanWatch.svelte';

/**
 * The spectator site's story of a match, by game id. Dou Dizhu and Big Two have none of their own
 * yet (null): the page shows their match with their on-air skin's scorebug and table.
 */
const STORIES: Readonly<Record<string, WatchStory | null>> = {
  guandan: {
    Story: GuandanWatch,
    announce: (event, view, lang) => announcement(event, view as MatchView, guandanOnAir[lang]),
  },
  doudizhu: null,
  bigtwo: null,
};

export function watchStoryFor(game: string): WatchStory | null {
  return STORIES[game] ?? null;
}

/**
 * The spectator index's words for a listed match's levels, by the game the listing names (a
 * listing names none: it lists Guandan matches, the one game that climbs levels, GD-LVL-1); null
 * for a game without levels.
 */
const LISTING_LEVELS: Readonly<Record<string, ((lang: Lang) => (index: number) => string) | null>> = {
  guandan: (lang) => guandanOnAir[lang].level,
  doudizhu: null,
  bigtwo: null,
};

export function listingLevelWords(listing: object, lang: Lang): ((index: number) => string) | null {
  const game = 'game' in listing && typeof listing.game === 'string' ? listing.game : DEFAULT_GAME;
  return LISTING_LEVELS[game]?.(lang) ?? null;
}
