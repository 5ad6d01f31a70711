import type { Audience } from '@tablecast/broadcast';

/**
 * Frames as they were published, kept on disk past a restart (`DisclosureStore`, in
 * disclosures.sqlite). The gateway asks it for what a resuming client missed that its in-memory
 * window no longer holds; it is synchronous, so a subscribe stays one step with no gap.
 */
export interface FeedFrameArchive {
  /** Frames `fromSeq..toSeq` of the feed, oldest first, or null unless every one is still kept. */
  framesBetween(matchId: string, audience: Audience, fromSeq: number, toSeq: number): Buffer[] | null;
}
