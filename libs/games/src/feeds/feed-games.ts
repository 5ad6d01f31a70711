import type { FeedGame } from '@tablecast/broadcast';
import { doudizhuModule } from '@tablecast/doudizhu';
import { UnknownGameError } from '../registry';
import { bigtwoFeed } from './bigtwo-feed';
import { doudizhuFeedOf } from './doudizhu-feed';
import { guandanFeed } from './guandan-feed';

/**
 * Dou Dizhu's feeds show its module's view as it is: the bids, the landlord, the doubles once
 * revealed (DDZ-DBL-1), the kitty once revealed, the trick, card counts, the multiplier and the
 * bombs; every hand only on the delayed broadcast.
 */
export const doudizhuFeed = doudizhuFeedOf(doudizhuModule);

const FEEDS: ReadonlyMap<string, FeedGame> = new Map<string, FeedGame>([
  [guandanFeed.module.id, guandanFeed],
  [doudizhuFeed.module.id, doudizhuFeed],
  [bigtwoFeed.module.id, bigtwoFeed],
]);

/** The feed game of a game id (what `MatchFeed` takes); unknown ids throw `UnknownGameError`. */
export function feedGame(game: string): FeedGame {
  const feed = FEEDS.get(game);
  if (feed === undefined) throw new UnknownGameError(game);
  return feed;
}
