/**
 * The audiences a FeedHub takes from the bus (`readonly Audience[]`); every audience when not
 * provided. A gateway-only process without staff tokens takes only the public ones, so it never
 * holds, not even in memory, a frame nobody connected to it could be allowed to see.
 */
export const FEED_HUB_AUDIENCES = Symbol('FEED_HUB_AUDIENCES');

/** FEED_WINDOW_BYTES (a number): the bytes of resume windows a FeedHub keeps across its channels. */
export const FEED_WINDOW_BYTES = Symbol('FEED_WINDOW_BYTES');
