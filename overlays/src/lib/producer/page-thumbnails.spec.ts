import { describe, expect, it } from 'vitest';
import { pageThumbnails } from './page-thumbnails';
import type { OverlayPageView } from './producer-types';

const page = (over: Partial<OverlayPageView>): OverlayPageView => ({
  pageId: 'pg',
  page: 'table',
  build: 'b1',
  matchId: 'F1',
  audience: 'broadcast',
  lang: 'zh-CN',
  connectedAt: '2026-11-29T20:00:00.000Z',
  lastMessageAt: '2026-11-29T20:00:00.000Z',
  lastSeq: 1,
  stale: false,
  ...over,
});

describe('the live thumbnails of the on-air pages', () => {
  it('loads each page as OBS does, same match, feed and language, marked as a thumbnail', () => {
    expect(
      pageThumbnails([page({ page: 'scorebug', matchId: 'final 1', audience: 'venue', lang: 'en' })]),
    ).toEqual([
      {
        key: 'scorebug|match=final 1||venue|en',
        page: 'scorebug',
        matchId: 'final 1',
        seat: null,
        src: '/overlays/scorebug/?match=final+1&feed=venue&lang=en&thumbnail=1',
      },
    ]);
  });

  it('draws a page shown by two OBS once, and leaves out pages that are not on air or have no match', () => {
    const thumbnails = pageThumbnails([
      page({ pageId: 'a' }),
      page({ pageId: 'b' }),
      page({ pageId: 'c', lang: 'en' }),
      page({ pageId: 'd', page: 'producer' }),
      page({ pageId: 'e', page: 'moments', matchId: null }),
    ]);
    expect(thumbnails.map((t) => t.key)).toEqual([
      'table|match=F1||broadcast|zh-CN',
      'table|match=F1||broadcast|en',
    ]);
  });

  it('follows the table or the program as the page does, not the match it shows now', () => {
    const thumbnails = pageThumbnails([
      page({ pageId: 'a', table: 'final-1', matchId: 'F1_2' }),
      page({ pageId: 'b', onAir: true, matchId: 'F1_2' }),
    ]);
    expect(thumbnails.map((t) => t.src)).toEqual([
      '/overlays/table/?table=final-1&feed=broadcast&lang=zh-CN&thumbnail=1',
      '/overlays/table/?onair=1&feed=broadcast&lang=zh-CN&thumbnail=1',
    ]);
    expect(thumbnails.map((t) => t.matchId)).toEqual(['F1_2', 'F1_2']);
  });

  it('draws each lower third with its seat, one picture per seat', () => {
    const thumbnails = pageThumbnails([
      page({ pageId: 'a', page: 'lowerthird', table: 'final-1', seat: 'S' }),
      page({ pageId: 'b', page: 'lowerthird', table: 'final-1', seat: 'E' }),
      page({ pageId: 'c', page: 'lowerthird', table: 'final-1', seat: 'E' }),
    ]);
    expect(thumbnails.map((t) => [t.seat, t.src])).toEqual([
      ['S', '/overlays/lowerthird/?table=final-1&feed=broadcast&lang=zh-CN&seat=S&thumbnail=1'],
      ['E', '/overlays/lowerthird/?table=final-1&feed=broadcast&lang=zh-CN&seat=E&thumbnail=1'],
    ]);
  });
});
