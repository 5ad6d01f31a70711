import type { FeedGame } from '@tablecast/broadcast';
import { guandanModule, levelName, type MatchState } from '@tablecast/guandan';
import type { MatchView } from '@tablecast/protocol';
import { NO_GUANDAN_FACTS, advanceGuandanFacts, type GuandanFeedFacts } from './guandan-facts';
import { guandanFeedView } from './guandan-view';

/** Guandan's feeds: its module's disclosure and view, with the names, deck and overlay facts. */
export const guandanFeed: FeedGame<MatchState, GuandanFeedFacts, MatchView> = {
  module: guandanModule,
  facts: { initial: NO_GUANDAN_FACTS, advance: advanceGuandanFacts },
  view: guandanFeedView,
  // Each pair's level (GD-LVL-1: 2 … A, then past A), the pair named by its team.
  score: (view) =>
    (['NS', 'EW'] as const).map((team) => ({
      side: view.teams?.[team] ?? team,
      value: levelName(view.levels[team]),
    })),
};
