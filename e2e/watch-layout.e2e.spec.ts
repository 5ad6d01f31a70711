/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Page functions run in Chromium: they need the DOM types.
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from './support/repo';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

/**
 * The spectator site fits the screen it is watched on: at phone, tablet, laptop and
 * wide desktop widths nothing runs off the side of the page — every seat panel, every card of a
 * full 27-card hand inside its panel, the scorebug inside the page. Checked with full hands on
 * the table (the widest the table gets) and one play shown. Screenshots go to test-artifacts/.
 */
const OPERATOR = 'e2e-watch-layout-operator-01';
const REFEREE = 'e2e-watch-layout-referee-001';
const MATCH = 'e2e_watch_layout';
const SEATS = ['N', 'W', 'E', 'S'] as const;
/** A small phone, a common phone, a tablet, a small laptop, laptops, 1080p and 1440p desktops. */
const WIDTHS = [360, 390, 768, 1024, 1280, 1440, 1920, 2560] as const;

interface Box {
  readonly left: number;
  readonly right: number;
}
interface Layout {
  readonly viewport: number;
  readonly pageWidth: number;
  readonly scorebug: Box;
  readonly seats: Record<string, Box & { readonly cards: readonly Box[] }>;
}

/** Where the page's parts are across, in CSS pixels. */
const layoutOf = (page: Page): Promise<Layout> =>
  page.evaluate((seats) => {
    const box = (element: Element): { left: number; right: number } => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, right: rect.right };
    };
    const scorebug = document.querySelector('[data-testid="scorebug"]');
    if (scorebug === null) throw new Error('no scorebug');
    const panels: Record<string, { left: number; right: number; cards: { left: number; right: number }[] }> =
      {};
    for (const seat of seats) {
      const panel = document.querySelector(`[data-testid="seat-${seat}"]`);
      if (panel === null) throw new Error(`no panel for seat ${seat}`);
      panels[seat] = { ...box(panel), cards: [...panel.querySelectorAll('[data-card]')].map(box) };
    }
    return {
      viewport: document.documentElement.clientWidth,
      pageWidth: document.documentElement.scrollWidth,
      scorebug: box(scorebug),
      seats: panels,
    };
  }, SEATS);

describe('the spectator site fits phones, tablets, laptops and wide screens', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
    BROADCAST_DELAY_MS: '1000',
  });

  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'watch-layout',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    // The first deal's lead is on the table: three seats still hold all 27 cards.
    await match.playUntil((s) => s.hand?.phase === 'play' && (s.hand.trick?.last ?? null) !== null);
  });

  for (const width of WIDTHS) {
    it(`at ${String(width)} px wide nothing leaves the page and every card stays in its seat`, async () => {
      const page = await browser().newPage({ viewport: { width, height: 900 } });
      await page.goto(`${url()}/watch/${MATCH}`);
      // The broadcast feed shows the hands once the delay has passed: 27 + 27 + 27 + the leader's rest.
      await expect
        .poll(() => page.locator('[data-testid$="-hand"] [data-card]').count(), { timeout: 15_000 })
        .toBeGreaterThan(100);
      await page.screenshot({ path: join(artifactsDir, `watch.${String(width)}px.png`), fullPage: true });
      const layout = await layoutOf(page);
      await page.close();

      expect(layout.pageWidth, 'page scrolls sideways').toBeLessThanOrEqual(layout.viewport);
      expect(layout.scorebug.left).toBeGreaterThanOrEqual(0);
      expect(layout.scorebug.right, 'scorebug past the right edge').toBeLessThanOrEqual(layout.viewport);
      for (const seat of SEATS) {
        const panel = layout.seats[seat];
        if (panel === undefined) throw new Error(`no layout for ${seat}`);
        expect(panel.left, `seat ${seat} past the left edge`).toBeGreaterThanOrEqual(0);
        expect(panel.right, `seat ${seat} past the right edge`).toBeLessThanOrEqual(layout.viewport);
        expect(panel.cards.length, `cards drawn at ${seat}`).toBeGreaterThan(0);
        // Card boxes carry a shadow margin of a few px around the card itself.
        const outside = panel.cards.filter(
          (card) => card.left < panel.left - 1 || card.right > panel.right + 1,
        );
        expect(outside, `cards outside seat ${seat}'s panel`).toEqual([]);
      }
    });
  }

  it('on a 390x844 phone the four seats and the trick fit one screen, no scrolling', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${url()}/watch/${MATCH}`);
    await expect
      .poll(() => page.locator('[data-testid$="-hand"] [data-card]').count(), { timeout: 15_000 })
      .toBeGreaterThan(100);
    await page.screenshot({ path: join(artifactsDir, 'watch.390x844.png') });
    const boxes = await page.evaluate((seats) => {
      const box = (element: Element | null): { top: number; bottom: number } => {
        if (element === null) throw new Error('missing element');
        const rect = element.getBoundingClientRect();
        return { top: rect.top, bottom: rect.bottom };
      };
      return {
        scrollY: window.scrollY,
        table: box(document.querySelector('[data-testid="table-view"]')),
        seats: seats.map((seat) => ({
          seat,
          ...box(document.querySelector(`[data-testid="seat-${seat}"]`)),
        })),
        cards: [...document.querySelectorAll('[data-testid="table-view"] [data-card]')].map(box),
        played: document.querySelectorAll('[data-testid$="-action"] [data-card]').length,
      };
    }, SEATS);
    await page.close();
    expect(boxes.scrollY).toBe(0);
    expect(boxes.played, 'the lead is on the table').toBeGreaterThan(0);
    expect(boxes.table.top).toBeGreaterThanOrEqual(0);
    expect(boxes.table.bottom, 'the table runs past the screen').toBeLessThanOrEqual(844);
    for (const seat of boxes.seats)
      expect(seat.bottom, `seat ${seat.seat} below the screen`).toBeLessThanOrEqual(844);
    // Card boxes carry a few px of shadow margin around the card.
    expect(boxes.cards.filter((card) => card.bottom > 844 + 6)).toEqual([]);
  });

  for (const width of [360, 390]) {
    it(`at ${String(width)} px no name breaks inside itself (刘洋 on one line, never 刘/洋)`, async () => {
      const page = await browser().newPage({ viewport: { width, height: 844 } });
      await page.goto(`${url()}/watch/${MATCH}`);
      await expect.poll(() => page.locator('[data-testid$="-name"]').count(), { timeout: 15_000 }).toBe(4);
      const lines = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid$="-name"], [data-testid="scorebug"] .name')].map(
          (element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            return { name: element.textContent, lines: tops.size };
          },
        ),
      );
      await page.close();
      expect(lines.map((l) => l.name)).toEqual(expect.arrayContaining(['刘洋', '张伟', '江苏队']));
      for (const { name, lines: count } of lines)
        expect(count, `${name} is on ${String(count)} lines`).toBe(1);
    });
  }
});
