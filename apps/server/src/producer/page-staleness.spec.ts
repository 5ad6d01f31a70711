import { describe, expect, it } from 'vitest';
import { isPageStale, type FeedArrivals } from './page-staleness';

const T = 1_000_000;
const feed: FeedArrivals = { seqs: [10, 11, 12], at: [T, T + 1_000, T + 2_000] };

describe('isPageStale (producer sees pages that are gone or behind)', () => {
  it('a page silent for more than 15 s is stale, at 15 s it is not', () => {
    expect(
      isPageStale({ connectedAt: T - 60_000, lastMessageAt: T, lastSeq: null }, undefined, T + 15_000),
    ).toBe(false);
    expect(
      isPageStale({ connectedAt: T - 60_000, lastMessageAt: T, lastSeq: null }, undefined, T + 15_001),
    ).toBe(true);
  });

  it('a page showing the newest frame is not stale however old that frame is', () => {
    expect(
      isPageStale({ connectedAt: T - 60_000, lastMessageAt: T + 60_000, lastSeq: 12 }, feed, T + 60_000),
    ).toBe(false);
  });

  it('a page behind is stale once the first frame it misses arrived more than 5 s ago', () => {
    const page = { connectedAt: T - 60_000, lastMessageAt: T + 7_000, lastSeq: 10 };
    // It misses seq 11, which arrived at T + 1 s.
    expect(isPageStale(page, feed, T + 6_000)).toBe(false);
    expect(isPageStale(page, feed, T + 6_001)).toBe(true);
    expect(isPageStale({ ...page, lastSeq: 11 }, feed, T + 7_000)).toBe(false);
    expect(isPageStale({ ...page, lastSeq: 11 }, feed, T + 7_001)).toBe(true);
  });

  it('a page whose first missed frame is older than the remembered window is stale', () => {
    expect(
      isPageStale({ connectedAt: T - 60_000, lastMessageAt: T + 2_000, lastSeq: 5 }, feed, T + 2_000),
    ).toBe(true);
    // Exactly one behind the window start: that frame's arrival is known.
    expect(
      isPageStale({ connectedAt: T - 60_000, lastMessageAt: T + 2_000, lastSeq: 9 }, feed, T + 2_000),
    ).toBe(false);
  });

  it('a page that has shown nothing yet is stale only once the feed had frames for 5 s', () => {
    const fresh: FeedArrivals = { seqs: [1], at: [T] };
    expect(isPageStale({ connectedAt: T - 60_000, lastMessageAt: T, lastSeq: null }, fresh, T + 5_000)).toBe(
      false,
    );
    expect(
      isPageStale({ connectedAt: T - 60_000, lastMessageAt: T + 5_001, lastSeq: null }, fresh, T + 5_001),
    ).toBe(true);
  });

  it('a page that just connected to a running feed has 5 s to catch up, even from far behind', () => {
    const page = { connectedAt: T + 60_000, lastMessageAt: T + 60_000, lastSeq: 0 };
    expect(isPageStale(page, feed, T + 65_000)).toBe(false);
    expect(isPageStale(page, feed, T + 65_001)).toBe(true);
    expect(isPageStale({ ...page, lastSeq: 12 }, feed, T + 65_001)).toBe(false);
  });
});
