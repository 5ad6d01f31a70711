/** The fan-out bus between the feed producer and the websocket gateways (a `FeedBus`). */
export const FEED_BUS = Symbol('FEED_BUS');
