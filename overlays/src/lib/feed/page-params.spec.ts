import { describe, expect, it } from 'vitest';
import { readPageParams } from './page-params';

describe('overlay URL parameters', () => {
  it('reads match, feed, lang, seat, preview and still', () => {
    expect(readPageParams('?match=m1&feed=broadcast&lang=en&seat=W&preview=1&still=1')).toEqual({
      matchId: 'm1',
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
      feed: 'venue',
      lang: 'zh-CN',
      seat: null,
      preview: false,
      still: false,
    });
    expect(readPageParams('').matchId).toBeNull();
  });
});
