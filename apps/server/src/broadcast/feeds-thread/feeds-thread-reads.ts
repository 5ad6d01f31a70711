import type { DisclosureEntry } from '@tablecast/broadcast';
import type { FeedEvent, WatchListing } from '@tablecast/protocol';
import type { FeedReads, MatchFeedFacts, TableFeedState } from '../feed-reads';
import type { FeedsThread } from './feeds-thread';

/**
 * FEEDS_THREAD=worker: the main thread's feed reads, answered by the thread's producer (the main
 * thread's own is idle). Each read is a question over the thread's port (a 503 while it restarts);
 * the delay clocks, read inside a synchronous push, read the delays the thread tells as they change.
 * Every answer is as fresh as the thread's producer when it answered: a frame it just sent may
 * reach the main thread's bus after the answer.
 */
export class FeedsThreadReads implements FeedReads {
  constructor(
    private readonly thread: FeedsThread,
    /** The configured BROADCAST_DELAY_MS: a match's delay until the thread tells another. */
    private readonly defaultDelayMs: number,
  ) {}

  watchListings(): Promise<WatchListing[]> {
    return this.thread.read({ method: 'watchListings', args: [] }) as Promise<WatchListing[]>;
  }

  releasedDeal(
    matchId: string,
    handNumber: number,
  ): Promise<{ readonly events: FeedEvent[] | null } | undefined> {
    return this.thread.read({ method: 'releasedDeal', args: [matchId, handNumber] }) as Promise<
      { readonly events: FeedEvent[] | null } | undefined
    >;
  }

  tableFeeds(matchIds: readonly string[]): Promise<TableFeedState[]> {
    return this.thread.read({ method: 'tableFeeds', args: [matchIds] }) as Promise<TableFeedState[]>;
  }

  feedFacts(matchId: string): Promise<MatchFeedFacts> {
    return this.thread.read({ method: 'feedFacts', args: [matchId] }) as Promise<MatchFeedFacts>;
  }

  ledger(matchId: string): Promise<readonly DisclosureEntry[] | null> {
    return this.thread.read({ method: 'ledger', args: [matchId] }) as Promise<
      readonly DisclosureEntry[] | null
    >;
  }

  delayOf(matchId: string): number {
    return this.thread.delayOf(matchId) ?? this.defaultDelayMs;
  }
}
