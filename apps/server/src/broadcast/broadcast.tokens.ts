/** The fan-out bus between the feed producer and the websocket gateways (a `FeedBus`). */
export const FEED_BUS = Symbol('FEED_BUS');

/**
 * The monotonic clock the release checks the wall CLOCK against (`{ now(): number }` in ms).
 * performance.now() in production; a test that pins CLOCK pins this one with it.
 */
export const MONOTONIC_CLOCK = Symbol('MONOTONIC_CLOCK');

/** The persisted disclosure ledger (`DisclosureStore`, disclosures.sqlite in the data dir). */
export const DISCLOSURE_STORE = Symbol('DISCLOSURE_STORE');

/** The published frames kept past a restart, for resumes (a `FeedFrameArchive`: the DisclosureStore). */
export const FEED_FRAME_ARCHIVE = Symbol('FEED_FRAME_ARCHIVE');

/** Kafka topics are `<prefix>.<audience>`: the full server publishes and gateway-only processes read them. */
export const FEED_TOPIC_PREFIX = 'tablecast.feeds';

/** How the feed producer runs in this process's role (a `FeedProducerMode`; absent: the `all` role's). */
export const FEED_PRODUCER_MODE = Symbol('FEED_PRODUCER_MODE');

/** The all role's feeds thread with FEEDS_THREAD=worker (a `FeedsThread`), else null. */
export const FEEDS_THREAD = Symbol('FEEDS_THREAD');

/**
 * What the main thread's readers ask of the feeds (a `FeedReads`): the producer itself, or with
 * FEEDS_THREAD=worker the feeds thread, asked over its port.
 */
export const FEED_READS = Symbol('FEED_READS');
