import { describe, expect, it } from 'vitest';
import { readPageParams } from './page-params';

describe('overlay URL parameters', () => {
  it('reads match, feed, lang, seat, preview and still', () => {
    expect(readPageParams('?match=m1&feed=broadcast&lang=en&seat=W&preview=1&still=1')).toEqual({
      matchId: 'm1',
      follow: null,
      feed: 'broadcast',
      lang: 'en',
      seat: 'W',
      preview: true,
      still: true,
    });
  });

  it('defaults to the venue feed in Chinese, on air: anything but `broadcast` never asks for hands', () => {
    expect(readPageParams('?match=m1&feed=staff')).toEqual({
      matchId: 'm1',
      follow: null,
      feed: 'venue',
      lang: 'zh-CN',
      seat: null,
      preview: false,
      still: false,
    });
    expect(readPageParams('').matchId).toBeNull();
  });

  it('keeps the seat as the game names it (S/E/N/W, Dou Dizhu 0/1/2): the page checks it against the view’s game', () => {
    expect(readPageParams('?match=m1&seat=0').seat).toBe('0');
    expect(readPageParams('?match=m1&seat=2').seat).toBe('2');
    expect(readPageParams('?match=m1&seat=E').seat).toBe('E');
    // A seat no game has still reaches the page, which refuses it once the view names the game.
    expect(readPageParams('?match=m1&seat=X').seat).toBe('X');
    expect(readPageParams('?match=m1&seat=%201%20').seat).toBe('1');
    expect(readPageParams('?match=m1&seat=').seat).toBeNull();
    expect(readPageParams('?match=m1&seat=%20').seat).toBeNull();
  });

  it('follows a table (table=) or the table on program (onair=1) instead of one match', () => {
    expect(readPageParams('?table=final-1&feed=broadcast')).toMatchObject({
      matchId: null,
      follow: { table: 'final-1' },
      feed: 'broadcast',
    });
    expect(readPageParams('?onair=1&table=final-1').follow).toEqual({ onAir: true });
    expect(readPageParams('?onair=0&table=').follow).toBeNull();
  });
});
