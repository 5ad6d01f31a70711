/// <reference lib="dom" />
// Page functions run in Chromium: they need the DOM types.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from './support/repo';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

/**
 * The operator console fits the screens operators bring to a venue: on laptop
 * screens down to 1280x720 (and 1536x864, a 1080p laptop at 125 %) the whole table — all four
 * hands, every card, the trick — and the play, pass and clear buttons are on screen without
 * scrolling the page, with full 27-card hands dealt. The legal-play list may scroll in its panel.
 */
const OPERATOR = 'e2e-console-fit-operator-01';
const REFEREE = 'e2e-console-fit-referee-0001';
const MATCH = 'e2e_console_fit';
const SEATS = ['N', 'W', 'E', 'S'] as const;
const SCREENS = [
  [1280, 720],
  [1366, 768],
  [1440, 900],
  [1536, 864],
  [1600, 900],
  [1920, 1080],
] as const;

interface Rect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

describe('the operator console fits laptop screens without scrolling', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
  });

  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'console-fit',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    // The first deal, dealt, nobody has played: four 27-card hands, the tallest the table gets.
    await match.playUntil((s) => s.hand?.phase === 'play');
  });

  for (const [width, height] of SCREENS) {
    it(`at ${String(width)}x${String(height)} every seat, card and action button is on screen`, async () => {
      const page = await browser().newPage({ viewport: { width, height } });
      await page.goto(`${url()}/overlays/console/?match=${MATCH}#token=${OPERATOR}`);
      await expect
        .poll(() => page.locator('[data-testid^="seat-"] [data-card]').count(), { timeout: 15_000 })
        .toBe(108);
      await page.screenshot({ path: join(artifactsDir, `console.${String(width)}x${String(height)}.png`) });
      const rect = async (selector: string): Promise<Rect> =>
        page
          .locator(selector)
          .first()
          .evaluate((element) => element.getBoundingClientRect().toJSON() as Rect);
      const onScreen = (box: Rect): boolean =>
        box.left >= -1 && box.top >= -1 && box.right <= width + 1 && box.bottom <= height + 1;

      const scroll = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        height: document.documentElement.scrollHeight,
      }));
      expect(scroll, 'the page scrolls').toEqual({ width, height });
      for (const seat of SEATS) {
        expect(onScreen(await rect(`[data-testid="seat-${seat}"]`)), `seat ${seat} on screen`).toBe(true);
        const cards = await page
          .locator(`[data-testid="seat-${seat}"] [data-card]`)
          .evaluateAll((elements) =>
            elements.map((element) => element.getBoundingClientRect().toJSON() as Rect),
          );
        expect(cards).toHaveLength(27);
        expect(
          cards.filter((card) => !onScreen(card)),
          `cards of ${seat} off screen`,
        ).toEqual([]);
      }
      for (const button of ['play', 'pass', 'clear']) {
        expect(onScreen(await rect(`[data-testid="${button}"]`)), `${button} button on screen`).toBe(true);
      }
      // Zoomed down, a click still lands on the card under the pointer (the last of the hand: the
      // others lie half under their neighbours): it is picked, then cleared.
      const card = page.locator('[data-active="true"] button[data-card]').last();
      await card.click();
      expect(await card.getAttribute('aria-pressed')).toBe('true');
      await page.getByTestId('clear').click();
      expect(await card.getAttribute('aria-pressed')).toBe('false');
      await page.close();
    });
  }
});
