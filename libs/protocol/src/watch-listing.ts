import type { FeedEvent, FeedStatus, MatchView } from './feed-messages';

/**
 * A match as the spectator site's index lists it (`GET /api/watch/matches`): only what its
 * broadcast feed has released, so nothing still inside the security delay.
 */
export interface WatchListing {
  readonly matchId: string;
  /** The broadcast feed's state: `delayBuilding` until its first release (then the rest is null). */
  readonly feed: FeedStatus | null;
  readonly table: string | null;
  readonly teams: MatchView['teams'];
  readonly status: MatchView['status'] | null;
  readonly levels: MatchView['levels'] | null;
  readonly handsPlayed: number;
  readonly result: MatchView['result'];
  /** The moment of the match the broadcast shows (ISO); null before the first release. */
  readonly asOf: string | null;
}

/** A finished deal's events as the broadcast feed released them (`GET …/deals/:n`). */
export interface ReleasedDealResponse {
  readonly matchId: string;
  readonly handNumber: number;
  readonly events: readonly FeedEvent[];
}
