import type { OverlayPageView } from './producer-types';

/** The pages that go on air (the producer's program), as they announce themselves. */
const ON_AIR_PAGES: ReadonlySet<string> = new Set([
  'table',
  'scorebug',
  'moments',
  'standings',
  'lowerthird',
]);
const AIR_FEEDS = ['broadcast', 'venue'] as const;
export type AirFeed = (typeof AIR_FEEDS)[number];

export interface FeedMix {
  /** The feed most on-air pages use (broadcast on a tie: the delayed feed is the one for air). */
  readonly airFeed: AirFeed;
  /** The on-air pages on the other feed: each would run ahead of (or behind) the rest. */
  readonly odd: readonly OverlayPageView[];
}

/**
 * Whether the on-air pages use more than one feed. The venue feed runs a whole security delay
 * ahead of the broadcast feed, so a venue scorebug beside a broadcast table shows a level change
 * before the play that made it. Null when every on-air page uses the same feed.
 */
export function feedMix(pages: readonly OverlayPageView[]): FeedMix | null {
  const onAir = pages.filter(
    (page): page is OverlayPageView & { audience: AirFeed } =>
      ON_AIR_PAGES.has(page.page) && (AIR_FEEDS as readonly (string | null)[]).includes(page.audience),
  );
  const count = (feed: AirFeed): number => onAir.filter((page) => page.audience === feed).length;
  if (count('broadcast') === 0 || count('venue') === 0) return null;
  const airFeed: AirFeed = count('venue') > count('broadcast') ? 'venue' : 'broadcast';
  return { airFeed, odd: onAir.filter((page) => page.audience !== airFeed) };
}
