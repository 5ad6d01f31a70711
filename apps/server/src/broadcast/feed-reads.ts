import type { DisclosureEntry } from '@tablecast/broadcast';
import type { FeedEvent, WatchListing } from '@tablecast/protocol';
import type { FeedProducer } from './feed-producer.service';
import { releasedDeal } from './released-deal';
import { watchListingOf } from './watch-listing';

/** A table's broadcast as the landing page shows it: the delay in force and the delayed feed's state. */
export interface TableFeedState {
  readonly delayMs: number;
  readonly broadcastState: 'live' | 'delayBuilding' | null;
}

/** Whether the producer has a feed of a match, and the delay in force for it. */
export interface MatchFeedFacts {
  readonly hasFeed: boolean;
  readonly delayMs: number;
}

/**
 * What the server's readers (the spectator site, the landing page, the disclosures, the replay, the
 * producer's delay clocks) ask of the feed producer. Every answer is plain data, so it crosses a
 * thread as it is: with FEEDS_THREAD=worker the producer lives in the feeds thread, and the main
 * thread asks it over its port (FeedsThreadReads) the very questions `ProducerFeedReads` answers.
 */
export interface FeedReads {
  /** Every match with a feed, as its broadcast feed shows it now (a settled match's built when listed). */
  watchListings(): Promise<WatchListing[]>;
  /** A finished deal as the broadcast released it (null: not yet); undefined for a match with no feed. */
  releasedDeal(
    matchId: string,
    handNumber: number,
  ): Promise<{ readonly events: FeedEvent[] | null } | undefined>;
  /** Each match's delay and delayed feed state, in the order asked. */
  tableFeeds(matchIds: readonly string[]): Promise<TableFeedState[]>;
  /** Whether the match has a feed here, and its delay (read after its feed was loaded). */
  feedFacts(matchId: string): Promise<MatchFeedFacts>;
  /** The match's feed's disclosure ledger, every audience; null for a match with no feed. */
  ledger(matchId: string): Promise<readonly DisclosureEntry[] | null>;
  /**
   * The delay in force for a match now, without waiting: a dashboard's delay clock is computed
   * inside a synchronous push. With the feeds thread it is the delay the thread last told.
   */
  delayOf(matchId: string): number;
}

/** The feed reads answered by a producer of this thread. */
export class ProducerFeedReads implements FeedReads {
  constructor(private readonly producer: FeedProducer) {}

  async watchListings(): Promise<WatchListing[]> {
    const listings: WatchListing[] = [];
    for (const matchId of this.producer.matchIds()) {
      // A finished match's feed is built here the first time it is listed (read-only).
      const feed = await this.producer.loadFeed(matchId);
      if (feed !== undefined) listings.push(watchListingOf(matchId, feed.released()));
    }
    return listings;
  }

  async releasedDeal(
    matchId: string,
    handNumber: number,
  ): Promise<{ readonly events: FeedEvent[] | null } | undefined> {
    const feed = await this.producer.loadFeed(matchId);
    if (feed === undefined) return undefined;
    return { events: releasedDeal(feed.releasedEvents(), handNumber) };
  }

  async tableFeeds(matchIds: readonly string[]): Promise<TableFeedState[]> {
    const states: TableFeedState[] = [];
    for (const matchId of matchIds) {
      // A table's latest match may have ended before the last boot: its feed is built when read.
      const feed = await this.producer.loadFeed(matchId);
      states.push({
        delayMs: this.producer.delayOf(matchId),
        broadcastState: feed?.delayedFeedStatus?.state ?? null,
      });
    }
    return states;
  }

  async feedFacts(matchId: string): Promise<MatchFeedFacts> {
    const feed = await this.producer.loadFeed(matchId);
    return { hasFeed: feed !== undefined, delayMs: this.producer.delayOf(matchId) };
  }

  async ledger(matchId: string): Promise<readonly DisclosureEntry[] | null> {
    return (await this.producer.loadFeed(matchId))?.ledger.list() ?? null;
  }

  delayOf(matchId: string): number {
    return this.producer.delayOf(matchId);
  }
}
