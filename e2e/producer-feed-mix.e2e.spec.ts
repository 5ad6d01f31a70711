import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './support/server-and-browser';

const PRODUCER = 'e2e-producer-token-00000001';
const MATCH = 'e2e_feed_mix';

/**
 * The producer dashboard in headless Chromium against the built server, with real on-air pages
 * open in other tabs: a scorebug on the venue feed beside a table on the broadcast feed is named
 * in a warning until it is moved onto the broadcast feed.
 */
describe('producer dashboard: on-air pages on two feeds', () => {
  const { url, browser } = useServerAndBrowser({ TABLECAST_TOKENS: `producer=${PRODUCER}` });
  const open = async (path: string): Promise<Page> => {
    const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${url()}${path}`);
    return page;
  };

  it('warns, naming the scorebug on the venue feed, and clears once every on-air page is on broadcast', async () => {
    await open(`/overlays/table/?match=${MATCH}&feed=broadcast`);
    const scorebug = await open(`/overlays/scorebug/?match=${MATCH}&feed=venue`);
    const dashboard = await open(`/overlays/producer/?match=${MATCH}#token=${PRODUCER}`);

    const warning = dashboard.getByTestId('pages-feed-mix');
    await expect.poll(() => warning.count(), { timeout: 20_000 }).toBe(1);
    expect(await warning.getAttribute('data-air-feed')).toBe('broadcast');
    expect(await warning.textContent()).toContain('scorebug 用的是现场信号，其余在播页面用直播（延时）信号');
    expect(await dashboard.locator('[data-page="scorebug"]').getAttribute('data-odd-feed')).toBe('true');
    expect(await dashboard.locator('[data-page="table"]').getAttribute('data-odd-feed')).toBe('false');

    await scorebug.goto(`${url()}/overlays/scorebug/?match=${MATCH}&feed=broadcast`);
    await expect.poll(() => warning.count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => dashboard.locator('[data-page="scorebug"]').count(), { timeout: 20_000 }).toBe(1);
  });
});
