import type { MatchView } from '@tablecast/protocol';
import type { WatchStory } from '../lib/watch/watch-story';
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
