import type { FeedEvent, ReleasedDealResponse, WatchListing } from '@tablecast/protocol';

export type { WatchListing };

/**
 * The spectator site's public reads (apps/server/src/broadcast/watch.controller.ts): only what the
 * broadcast feed has released. The server validates; the page reads the shapes as they come.
 */
export async function fetchMatches(fetcher: typeof fetch = fetch): Promise<WatchListing[]> {
  const response = await fetcher('/api/watch/matches');
  if (!response.ok) throw new Error(`GET /api/watch/matches: ${String(response.status)}`);
  return (await response.json()) as WatchListing[];
}

/** A finished deal's released events; null while the broadcast feed has not released its end. */
export async function fetchDeal(
  matchId: string,
  hand: number,
  fetcher: typeof fetch = fetch,
): Promise<readonly FeedEvent[] | null> {
  const path = `/api/watch/matches/${encodeURIComponent(matchId)}/deals/${String(hand)}`;
  const response = await fetcher(path);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET ${path}: ${String(response.status)}`);
  return ((await response.json()) as ReleasedDealResponse).events;
}

/** The index's two lists: matches still being played, and finished ones (newest first). */
export function splitListings(listings: readonly WatchListing[]): {
  live: WatchListing[];
  past: WatchListing[];
} {
  const past = listings.filter((l) => l.status === 'ended');
  const live = listings.filter((l) => l.status !== 'ended');
  past.sort((a, b) => (b.asOf ?? '').localeCompare(a.asOf ?? ''));
  return { live, past };
}
