import type { OverlayPageView } from './producer-types';

/** One live thumbnail: an on-air page as OBS loads it, with what it shows. */
export interface PageThumbnail {
  readonly key: string;
  readonly page: string;
  /** The match the page shows now (for the caption); the thumbnail follows what the page follows. */
  readonly matchId: string;
  /** The seat a lower third names; null for the other pages. */
  readonly seat: string | null;
  /** The page's own URL with the same match, feed and language, marked as a thumbnail. */
  readonly src: string;
}

/** The pages that draw a match on air (the producer's own and the viewers' pages are not). */
const ON_AIR_PAGES = new Set(['table', 'scorebug', 'moments', 'lowerthird', 'standings']);

/**
 * The dashboard's live thumbnails: one per on-air page, what it follows, seat, feed and language
 * connected (two OBS showing the same page need one picture). A thumbnail is that page itself,
 * loaded as OBS loads it: following the same table (`table=`) or the program (`onair=1`), so it
 * moves to the next match with the page, or on the one match a page bound to a match shows; with
 * `thumbnail=1` so it does not announce itself and join the list it is drawn from.
 */
export function pageThumbnails(pages: readonly OverlayPageView[]): PageThumbnail[] {
  const seen = new Map<string, PageThumbnail>();
  for (const page of pages) {
    if (!ON_AIR_PAGES.has(page.page) || page.matchId === null) continue;
    const feed = page.audience ?? 'broadcast';
    const lang = page.lang ?? 'zh-CN';
    const seat = page.seat ?? null;
    const follow: [string, string] =
      page.table !== undefined
        ? ['table', page.table]
        : page.onAir === true
          ? ['onair', '1']
          : ['match', page.matchId];
    const key = `${page.page}|${follow.join('=')}|${seat ?? ''}|${feed}|${lang}`;
    if (seen.has(key)) continue;
    const query = new URLSearchParams([
      follow,
      ['feed', feed],
      ['lang', lang],
      ...(seat === null ? [] : [['seat', seat]]),
      ['thumbnail', '1'],
    ]);
    seen.set(key, {
      key,
      page: page.page,
      matchId: page.matchId,
      seat,
      src: `/overlays/${encodeURIComponent(page.page)}/?${query.toString()}`,
    });
  }
  return [...seen.values()];
}
