import { describe, expect, it } from 'vitest';
import { feedMix } from './feed-mix';
import type { OverlayPageView } from './producer-types';

let next = 0;
function page(kind: string, audience: string | null): OverlayPageView {
  next += 1;
  return {
    pageId: `p${String(next)}`,
    page: kind,
    build: 'b1',
    matchId: 'F1',
    audience,
    lang: 'zh-CN',
    connectedAt: '2026-01-01T00:00:00.000Z',
    lastMessageAt: '2026-01-01T00:00:00.000Z',
    lastSeq: null,
    stale: false,
  };
}

describe('feeds mixed among the on-air pages', () => {
  it('is nothing when every on-air page uses one feed, whatever other pages use', () => {
    expect(
      feedMix([
        page('table', 'broadcast'),
        page('scorebug', 'broadcast'),
        page('watch', 'venue'),
        page('console', 'staff'),
      ]),
    ).toBeNull();
    expect(feedMix([page('table', 'venue'), page('scorebug', 'venue')])).toBeNull();
    expect(feedMix([])).toBeNull();
  });

  it('names the page on the other feed than the rest', () => {
    const scorebug = page('scorebug', 'venue');
    expect(feedMix([page('table', 'broadcast'), scorebug, page('moments', 'broadcast')])).toEqual({
      airFeed: 'broadcast',
      odd: [scorebug],
    });
    const table = page('table', 'broadcast');
    expect(feedMix([table, page('scorebug', 'venue'), page('moments', 'venue')])).toEqual({
      airFeed: 'venue',
      odd: [table],
    });
  });

  it('on a tie, holds the delayed broadcast feed as the show’s and names the venue pages', () => {
    const scorebug = page('scorebug', 'venue');
    expect(feedMix([page('table', 'broadcast'), scorebug])).toEqual({
      airFeed: 'broadcast',
      odd: [scorebug],
    });
  });
});
