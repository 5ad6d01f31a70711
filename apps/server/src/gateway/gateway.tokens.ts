/**
 * The audiences a FeedHub takes from the bus (`readonly Audience[]`); every audience when not
 * provided. A gateway-only process without staff tokens takes only the public ones, so it never
 * holds, not even in memory, a frame nobody connected to it could be allowed to see.
 */
export const FEED_HUB_AUDIENCES = Symbol('FEED_HUB_AUDIENCES');

/**
 * Whether a match exists, for a subscribe to a match whose frames have not reached the hub (a
 * `MatchDirectory`). The full server asks its event store, so a made-up id is refused by name.
 * A gateway-only process has none: it learns matches from the bus alone, and a subscription to
 * one it has not heard of yet waits for its first frame (within FEED_MAX_SUBSCRIPTIONS).
 */
export const MATCH_DIRECTORY = Symbol('MATCH_DIRECTORY');

export interface MatchDirectory {
  exists(matchId: string): Promise<boolean>;
}
