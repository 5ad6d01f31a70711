import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

/**
 * The landing page at `/` in headless Chromium against the built server: a match played through
 * the real API shows with its state; its links open; anonymous visitors get the public links and
 * never a token; a producer's token in the fragment brings the staff links.
 */
const OPERATOR = 'e2e-landing-operator-token1';
const REFEREE = 'e2e-landing-referee-token-01';
const PRODUCER = 'e2e-landing-producer-token1';
const MATCH = 'e2e_landing';

describe('landing page at /', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE},producer=${PRODUCER}`,
    BROADCAST_DELAY_MS: '1000',
  });

  beforeAll(async () => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'landing-e2e',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    // Into the second deal: a deal number past 1, and the 1 s broadcast delay long since built.
    await match.playUntil((state) => state.handsPlayed >= 1 && state.status === 'inHand');
  });

  const hrefs = async (page: Page): Promise<string[]> =>
    page.locator('a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));

  it('shows the table and its live state in zh-CN, with public links only and no token', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(url());
    expect(new URL(page.url()).pathname).toBe('/');
    const table = page.getByTestId('table');
    await expect.poll(() => table.getAttribute('data-match'), { timeout: 15_000 }).toBe(MATCH);
    expect(await table.getAttribute('data-table')).toBe('t1');
    expect(await page.getByTestId('table-status').textContent()).toBe('进行中');
    expect(await page.getByTestId('team-NS').textContent()).toContain('南北 · 江苏队（张伟 · 王芳）');
    expect(await page.getByTestId('team-EW').textContent()).toContain('东西 · 安徽队（李娜 · 刘洋）');
    expect(await page.getByTestId('table-deal').textContent()).toBe('第 2 副');
    await expect
      .poll(() => page.getByTestId('table-delay').getAttribute('data-building'), { timeout: 15_000 })
      .toBe('false');
    expect(await page.getByTestId('table-delay').textContent()).toContain('直播延时 1 秒');
    // Levels as the API gives them, as players say them.
    const api = (await (await fetch(`${url()}/api/tables`)).json()) as {
      tables: { levels: { NS: number; EW: number } }[];
    };
    const ranks = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', 'A+'];
    expect(await page.getByTestId('level-NS').textContent()).toBe(ranks[api.tables[0]?.levels.NS ?? -1]);

    const links = await hrefs(page);
    expect(links.some((href) => href.includes('token'))).toBe(false);
    for (const staff of ['console', 'replay', 'producer'])
      expect(await page.getByTestId(`link-${staff}`).count()).toBe(0);
    expect(await page.getByTestId('staff-hint').isVisible()).toBe(true);
    // Every link opens (the spectator site, the on-air pages, the API docs).
    expect(links).toContain(`${url()}/watch/${MATCH}`);
    expect(links).toContain(`${url()}/overlays/table/?table=t1&feed=broadcast&lang=zh-CN`);
    expect(links).toContain(`${url()}/docs`);
    for (const href of links) expect((await fetch(href)).status, href).toBe(200);

    // The on-air table link follows the table: it renders the match now there on the broadcast feed.
    await page.getByTestId('link-table').click();
    await page.getByTestId('stage').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('table')).toBe('t1');
    expect(new URL(page.url()).searchParams.has('match')).toBe(false);
    await expect
      .poll(() => page.getByTestId('stage').getAttribute('data-match'), { timeout: 15_000 })
      .toBe(MATCH);
    await page.close();
  });

  it("with a producer's token in the fragment: staff links, its token on the dashboard only (English)", async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${url()}/?lang=en#token=${PRODUCER}`);
    await page.getByTestId('token-role').waitFor({ timeout: 15_000 });
    expect(page.url()).not.toContain('token'); // dropped from the address bar at once
    expect(await page.getByTestId('table-status').textContent()).toBe('Live');
    expect(await page.getByTestId('team-NS').textContent()).toContain('N/S · 江苏队');
    const producer = await page.getByTestId('link-producer').getAttribute('href');
    expect(producer).toBe(`/producer/?match=${MATCH}&lang=en#token=${PRODUCER}`);
    expect(await page.getByTestId('link-console').getAttribute('href')).toBe(
      `/overlays/console/?match=${MATCH}&lang=en`,
    );
    expect(await page.getByTestId('link-replay').getAttribute('href')).toBe(
      `/overlays/replay/?match=${MATCH}&lang=en`,
    );
    // The dashboard link opens the dashboard, signed in with the landing page's token.
    await page.getByTestId('link-producer').click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/overlays/producer/');
    expect(new URL(page.url()).searchParams.get('match')).toBe(MATCH);
    await page.close();
  });

  it('shows public links only for a token the server does not know', async () => {
    const page = await browser().newPage();
    await page.goto(`${url()}/#token=not-a-token`);
    await page.getByTestId('token-rejected').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('link-producer').count()).toBe(0);
    expect((await hrefs(page)).some((href) => href.includes('token'))).toBe(false);
    await page.close();
  });
});
