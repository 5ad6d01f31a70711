import { describe, expect, it } from 'vitest';
import { BUILD_ID, isThumbnail, pageIdentity, pageNameOf } from './page-identity';

describe('page identity (what a page announces to the producer)', () => {
  it('names the page from its URL path', () => {
    expect(pageNameOf('/overlays/moments/')).toBe('moments');
    expect(pageNameOf('/overlays/lowerthird/index.html')).toBe('lowerthird');
    expect(pageNameOf('/watch/F1')).toBe('watch');
    expect(pageNameOf('/')).toBe('page');
  });

  it('announces the resolved language and the build (dev when not bundled by Vite)', () => {
    expect(pageIdentity({ pathname: '/overlays/table/', search: '?match=F1&lang=en' })).toEqual({
      page: 'table',
      build: 'dev',
      lang: 'en',
    });
    expect(pageIdentity({ pathname: '/overlays/table/', search: '?match=F1' }).lang).toBe('zh-CN');
    expect(BUILD_ID).toBe('dev');
  });

  it('announces what the page follows (a table or the program) and the seat it names', () => {
    expect(
      pageIdentity({ pathname: '/overlays/lowerthird/', search: '?table=final-1&feed=broadcast&seat=E' }),
    ).toMatchObject({ page: 'lowerthird', follow: { table: 'final-1' }, seat: 'E' });
    expect(pageIdentity({ pathname: '/overlays/scorebug/', search: '?onair=1' })).toMatchObject({
      follow: { onAir: true },
    });
    // One match, no seat: neither is announced.
    const bound = pageIdentity({ pathname: '/overlays/table/', search: '?match=F1' });
    expect('follow' in bound || 'seat' in bound).toBe(false);
  });
});

describe('a live thumbnail of a page', () => {
  it('is marked thumbnail=1, and nothing else makes a page one', () => {
    expect(isThumbnail('?match=F1&feed=broadcast&thumbnail=1')).toBe(true);
    expect(isThumbnail('?match=F1&feed=broadcast')).toBe(false);
    expect(isThumbnail('?thumbnail=0')).toBe(false);
  });
});
