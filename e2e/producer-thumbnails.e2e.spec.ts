import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

const PRODUCER = 'e2e-producer-token-00000001';
const OPERATOR = 'e2e-operator-t1-token-00001';
const REFEREE = 'e2e-referee-token-0000000001';
const MATCH = 'e2e_thumbnails';

/**
 * The producer dashboard's live thumbnails, in headless Chromium against the built server: with a
 * table page open in another tab (as OBS would have it), the dashboard draws a thumbnail of it on
 * the same match and feed, labelled in the dashboard's language, which is not listed as a page of
 * its own and changes when a play is made at the table. A page set up per table is drawn
 * following that table, a lower third with its seat.
 */
describe('producer dashboard: a live thumbnail of each on-air page', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `producer=${PRODUCER},operator:t1=${OPERATOR},referee=${REFEREE}`,
  });
  const open = async (path: string): Promise<Page> => {
    const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${url()}${path}`);
    return page;
  };

  it('shows the table page small, following it as the table plays', async () => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'thumbnails-e2e',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    await match.playUntil((state) => state.status === 'inHand');
    await open(`/overlays/table/?match=${MATCH}&feed=venue`);
    const dashboard = await open(`/overlays/producer/?match=${MATCH}#token=${PRODUCER}`);

    const thumbnail = dashboard.getByTestId('thumbnail-table');
    await thumbnail.waitFor({ timeout: 20_000 });
    expect(await thumbnail.getAttribute('data-match')).toBe(MATCH);
    expect(await dashboard.getByTestId('page-thumbnails').locator('h2').textContent()).toBe('实时缩略图');
    const frame = thumbnail.frameLocator('iframe');
    const seqShown = async (): Promise<number> =>
      Number(await frame.getByTestId('stage').getAttribute('data-seq', { timeout: 20_000 }));
    await expect.poll(seqShown, { timeout: 20_000 }).toBeGreaterThan(0);
    // The thumbnail is a picture of the page on the list, not one more page on it.
    await expect.poll(() => dashboard.locator('[data-page="table"]').count(), { timeout: 20_000 }).toBe(1);

    const before = await seqShown();
    const pictureBefore = await thumbnail.locator('.screen').screenshot();
    // One play at the table: the thumbnail draws the frame it released.
    const { revision: now } = await match.playUntil(() => true);
    await match.playUntil((_state, at) => at > now);
    await expect.poll(seqShown, { timeout: 20_000 }).toBeGreaterThan(before);
    const pictureAfter = await thumbnail.locator('.screen').screenshot();
    expect(pictureAfter.equals(pictureBefore)).toBe(false);

    // A lower third set up per table, as OBS loads it: its thumbnail follows the table, not the
    // match it shows now, and shows its seat.
    await open('/overlays/lowerthird/?table=t1&feed=venue&seat=E');
    const lowerThird = dashboard.getByTestId('thumbnail-lowerthird');
    await lowerThird.waitFor({ timeout: 20_000 });
    expect(await lowerThird.getAttribute('data-seat')).toBe('E');
    const src = new URL(String(await lowerThird.locator('iframe').getAttribute('src')), url());
    expect([
      src.searchParams.get('table'),
      src.searchParams.get('match'),
      src.searchParams.get('seat'),
    ]).toEqual(['t1', null, 'E']);
    expect(await lowerThird.locator('figcaption').textContent()).toContain('lowerthird E');
    await expect
      .poll(() => lowerThird.frameLocator('iframe').getByTestId('stage').getAttribute('data-match'), {
        timeout: 20_000,
      })
      .toBe(MATCH);

    // English with lang=en.
    const english = await open(`/overlays/producer/?match=${MATCH}&lang=en#token=${PRODUCER}`);
    await english.getByTestId('thumbnail-table').waitFor({ timeout: 20_000 });
    expect(await english.getByTestId('page-thumbnails').locator('h2').textContent()).toBe('Live thumbnails');
    expect(await english.getByTestId('thumbnail-table').locator('iframe').getAttribute('title')).toBe(
      `table · ${MATCH}, live`,
    );
  });
});
