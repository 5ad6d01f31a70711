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
    expect(readPageParams('?match=m1&feed=staff&seat=X')).toEqual({
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
