/// <reference lib="dom" />
// Page functions run in Chromium: they need the DOM types.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { createSimulatedMatch } from './support/simulated-match';

/**
 * The broadcast table draws its cards as bitmaps made in the page for the screen's pixel ratio
 * (overlays/src/lib/cards/card-bitmaps.ts). When the ratio changes (an OBS source scaled, a window
 * moved to another monitor, a zoom) they are remade for the new one: checked in headless Chromium
 * with the device scale factor changed through CDP emulation, the bitmaps' pixel size must follow
 * while the cards keep their size on the page. Chromium's emulation tells the page of a new scale
 * factor (resize, media query change) only together with a new viewport size, so each change also
 * widens or narrows the viewport by one pixel; the 1920 px stage does not move.
 */
const OPERATOR = 'e2e-pixel-ratio-operator-token';
const REFEREE = 'e2e-pixel-ratio-referee-token1';
const MATCH = 'e2e_pixel_ratio';

/** Every card on the page: its box's CSS width and the pixel width of the bitmap it shows. */
interface CardPixels {
  readonly css: number;
  readonly natural: number;
  readonly bitmap: boolean;
}

describe('card bitmaps follow the screen pixel ratio (headless Chromium)', () => {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServerProcess({
      TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
      BROADCAST_DELAY_MS: '1000',
    });
    browser = await launchBrowser();
    const match = await createSimulatedMatch({
      url: server.url,
      matchId: MATCH,
      seed: 'pixel-ratio-e2e',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    // A few plays into the first deal: hands and last plays on the table.
    await match.playUntil((_, revision) => revision >= 12);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('remakes the bitmaps at 2x when the device scale factor goes from 1 to 2, layout unchanged', async () => {
    if (!browser || !server) throw new Error('not started');
    const context = await browser.newContext({
      viewport: { width: 1920, height: 1080 },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    // Each card is a box painted by its card-sheet rule: the bitmap is its background image.
    const cards = (): Promise<CardPixels[]> =>
      page.locator('[data-card]').evaluateAll((els) =>
        Promise.all(
          els.map(async (el) => {
            const url = /^url\("(.*)"\)$/.exec(getComputedStyle(el).backgroundImage)?.[1] ?? '';
            const image = new Image();
            image.src = url;
            await image.decode().catch(() => undefined);
            return {
              css: el.getBoundingClientRect().width,
              natural: image.naturalWidth,
              bitmap: url.startsWith('data:image/png'),
            };
          }),
        ),
      );
    const allAt = async (ratio: number): Promise<boolean> => {
      const shown = await cards();
      return shown.length > 0 && shown.every((card) => card.bitmap && card.natural === card.css * ratio);
    };
    await page.goto(`${server.url}/overlays/table/?match=${MATCH}&feed=broadcast&still=1`);
    await expect.poll(() => allAt(1), { timeout: 20_000 }).toBe(true);
    const before = await cards();
    const box = await page.getByTestId('seat-S-hand').boundingBox();

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', {
      width: 1921,
      height: 1080,
      deviceScaleFactor: 2,
      mobile: false,
    });
    expect(await page.evaluate(() => window.devicePixelRatio)).toBe(2);
    await expect.poll(() => allAt(2), { timeout: 20_000 }).toBe(true);
    const after = await cards();
    expect(after.map((card) => card.css)).toEqual(before.map((card) => card.css));
    expect(await page.getByTestId('seat-S-hand').boundingBox()).toEqual(box);

    // And back: the change is watched again at the new ratio, not only once.
    await cdp.send('Emulation.setDeviceMetricsOverride', {
      width: 1920,
      height: 1080,
      deviceScaleFactor: 1,
      mobile: false,
    });
    await expect.poll(() => allAt(1), { timeout: 20_000 }).toBe(true);
    await context.close();
  }, 90_000);
});
