/** Each game's match feeds (what `MatchFeed` of @tablecast/broadcast takes), by game id. */
export { bigtwoFeed, bigtwoFeedOf, type BigTwoFeedView } from './bigtwo-feed';
export { doudizhuFeedOf, type DoudizhuFeedView } from './doudizhu-feed';
export { doudizhuFeed, feedGame } from './feed-games';
export { guandanFeed } from './guandan-feed';
export type { GuandanFeedFacts } from './guandan-facts';
