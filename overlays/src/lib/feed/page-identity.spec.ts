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
});

describe('a live thumbnail of a page', () => {
  it('is marked thumbnail=1, and nothing else makes a page one', () => {
    expect(isThumbnail('?match=F1&feed=broadcast&thumbnail=1')).toBe(true);
    expect(isThumbnail('?match=F1&feed=broadcast')).toBe(false);
    expect(isThumbnail('?thumbnail=0')).toBe(false);
  });
});
