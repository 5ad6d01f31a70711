/** No heartbeat or other message for this long: the page is gone or hung. */
export const PAGE_SILENT_AFTER_MS = 15_000;
/** Behind its feed's newest frame for longer than this: the page is not showing what is on air. */
export const PAGE_BEHIND_AFTER_MS = 5_000;

/** When each recent frame of one feed (match, audience) reached this server, oldest first. */
export interface FeedArrivals {
  readonly seqs: readonly number[];
  readonly at: readonly number[];
}

/**
 * Whether a page is stale: silent for 15 s, or behind its feed for more than 5 s, i.e. the first
 * frame it has not shown arrived here (or the page connected, if later) more than 5 s ago. A page
 * whose last shown frame fell out of the remembered window is far behind. Pages without a feed (no
 * match) are judged by silence only.
 */
export function isPageStale(
  page: { readonly connectedAt: number; readonly lastMessageAt: number; readonly lastSeq: number | null },
  feed: FeedArrivals | undefined,
  now: number,
): boolean {
  if (now - page.lastMessageAt > PAGE_SILENT_AFTER_MS) return true;
  if (feed === undefined || feed.seqs.length === 0) return false;
  const shown = page.lastSeq ?? 0;
  const newest = feed.seqs[feed.seqs.length - 1] ?? 0;
  if (shown >= newest) return false;
  const index = feed.seqs.findIndex((seq) => seq > shown);
  // The first frame it misses is older than the window: it is far behind (unless just connected).
  const firstMissedAt =
    index === 0 && (feed.seqs[0] ?? 0) > shown + 1 ? Number.NEGATIVE_INFINITY : (feed.at[index] ?? 0);
  // A page cannot have missed what was sent before it connected: it is behind from then at most.
  return now - Math.max(firstMissedAt, page.connectedAt) > PAGE_BEHIND_AFTER_MS;
}
