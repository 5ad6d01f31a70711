import { describe, expect, it } from 'vitest';
import { tableLinks } from './landing-links';

const hrefs = (links: ReturnType<typeof tableLinks>): string[] => links.map((l) => l.href);

describe('the landing page links of a table', () => {
  it('without a token: the spectator site and the on-air pages on the broadcast feed following the table, no staff page', () => {
    const links = tableLinks('demo_1', 'final-1', 'zh-CN', null);
    expect(hrefs(links)).toEqual([
      '/watch/demo_1',
      '/overlays/table/?table=final-1&feed=broadcast&lang=zh-CN',
      '/overlays/scorebug/?table=final-1&feed=broadcast&lang=zh-CN',
      '/overlays/moments/?table=final-1&feed=broadcast&lang=zh-CN',
      '/overlays/standings/?table=final-1&feed=broadcast&lang=zh-CN',
      '/overlays/lowerthird/?table=final-1&feed=broadcast&lang=zh-CN&seat=S',
    ]);
    expect(links.some((l) => l.staff || l.href.includes('token'))).toBe(false);
  });

  it('with a producer token: the staff pages, the token only on the producer dashboard', () => {
    const links = tableLinks('demo_1', 'final-1', 'en', {
      token: 'p-token',
      principal: { role: 'producer', table: null },
    });
    expect(links.filter((l) => l.staff).map((l) => l.href)).toEqual([
      '/overlays/console/?match=demo_1&lang=en',
      '/overlays/replay/?match=demo_1&lang=en',
      '/producer/?match=demo_1&lang=en#token=p-token',
    ]);
    expect(links[0]?.href).toBe('/watch/demo_1?lang=en');
  });

  it("gives an operator's token to the console of its own table only", () => {
    const own = tableLinks('m', 't1', 'zh-CN', { token: 'op', principal: { role: 'operator', table: 't1' } });
    const other = tableLinks('m', 't2', 'zh-CN', {
      token: 'op',
      principal: { role: 'operator', table: 't1' },
    });
    const any = tableLinks('m', 't2', 'zh-CN', { token: 'op', principal: { role: 'operator', table: '*' } });
    const consoleOf = (links: ReturnType<typeof tableLinks>): string | undefined =>
      links.find((l) => l.kind === 'console')?.href;
    expect(consoleOf(own)).toBe('/overlays/console/?match=m&lang=zh-CN#token=op');
    expect(consoleOf(other)).toBe('/overlays/console/?match=m&lang=zh-CN');
    expect(consoleOf(any)).toBe('/overlays/console/?match=m&lang=zh-CN#token=op');
  });

  it('gives an arbiter the replay with the token, and escapes odd characters', () => {
    const links = tableLinks('a:b', 't', 'zh-CN', {
      token: 'x/y',
      principal: { role: 'arbiter', table: null },
    });
    expect(links.find((l) => l.kind === 'replay')?.href).toBe(
      '/overlays/replay/?match=a%3Ab&lang=zh-CN#token=x%2Fy',
    );
    expect(tableLinks('m', 'a&b', 'zh-CN', null).find((l) => l.kind === 'scorebug')?.href).toBe(
      '/overlays/scorebug/?table=a%26b&feed=broadcast&lang=zh-CN',
    );
  });
});
