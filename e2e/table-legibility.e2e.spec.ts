/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Page functions run in Chromium: they need the DOM types.
import type { Face, Rank } from '@tablecast/cards/view';
import type { FeedFrame } from '@tablecast/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { guandanCardMarks } from '../overlays/src/games/guandan/card-marks';
import type { CardMarks } from '../overlays/src/lib/cards/card-mark';
import { cardImage } from '../overlays/src/lib/cards/card-markup';
import { LEGIBILITY_FLOOR_PX } from '../overlays/src/lib/on-air/legibility';
import { useServerAndBrowser } from './support/server-and-browser';
import { openStillFramePage } from './support/still-frame-page';
import { LIVE, frameFor, worstCaseView } from './support/worst-case-view';

/**
 * The table page's cards are legible at 1080p: in headless Chromium at 1920x1080, with 27 cards in
 * every hand and an 8-card bomb as every seat's play (e2e/support/worst-case-view.ts, playing 10:
 * level cards in every hand), every card's index and every 级/配 badge is drawn at least at the
 * floor of on-air/legibility.ts, and lies in the part of the card the next card of its fan leaves
 * in view. A card is a box painted with its image (CardRow): the test reads each box's width and
 * neighbour on the page, then draws that same image (cardImage) at that width and measures its
 * index and badge texts as rendered. The moments page's tribute cards, each drawn alone beside its
 * line of a double tribute, are measured the same way.
 */

type Lang = 'zh-CN' | 'en';

/** A card as the table page lays it out. */
interface CardBox {
  readonly card: string;
  readonly width: number;
  /** How much of it, from its left edge, the next card of its line leaves in view (its width if none). */
  readonly shown: number;
}

/** One text of a card's corner as Chromium renders it at a width. */
interface CornerText {
  readonly part: 'index' | 'badge';
  readonly text: string;
  readonly fontPx: number;
  /** Its box's right edge, px from the card's left edge. */
  readonly right: number;
}

/** Every card box of the rows (CardRow) under `root`, with its card width and its part in view. */
function measureCards(root: string): CardBox[] {
  const boxes: CardBox[] = [];
  for (const row of document.querySelectorAll(`${root} .row`)) {
    const cards = [...row.querySelectorAll('[data-card]')];
    cards.forEach((el, i) => {
      const box = el.getBoundingClientRect();
      // The box is the card plus its shadow margin on every side, pulled back by that margin.
      const pad = -parseFloat(getComputedStyle(el).marginTop);
      const width = box.width - 2 * pad;
      const next = cards[i + 1]?.getBoundingClientRect();
      const sameLine = next !== undefined && Math.abs(next.top - box.top) < 1;
      boxes.push({
        card: el.getAttribute('data-card') ?? '',
        width,
        shown: sameLine ? next.left - box.left : width,
      });
    });
  }
  return boxes;
}

/** Draws an SVG card at `width` px and reads its corner texts' rendered size and extent. */
function measureCorner({ svg, width }: { svg: string; width: number }): CornerText[] {
  const holder = document.createElement('div');
  holder.innerHTML = svg;
  document.body.replaceChildren(holder);
  const card = holder.querySelector('svg');
  if (card === null) throw new Error('no svg');
  card.setAttribute('width', String(width));
  card.setAttribute('height', String((width * 84) / 60));
  const left = card.getBoundingClientRect().left;
  return [...card.querySelectorAll('text[data-part]')].map((text) => {
    if (!(text instanceof SVGTextElement)) throw new Error('not a text');
    const scale = text.getScreenCTM()?.a ?? 0;
    return {
      part: text.getAttribute('data-part') === 'badge' ? 'badge' : 'index',
      text: text.textContent,
      fontPx: parseFloat(getComputedStyle(text).fontSize) * scale,
      right: text.getBoundingClientRect().right - left,
    };
  });
}

const svgOf = (src: string): string => decodeURIComponent(src.replace(/^data:image\/svg\+xml,/, ''));

describe('table page at 1080p: card indices and 级/配 badges at the legibility floor', () => {
  const env = useServerAndBrowser();

  const openPage = (page: Page, path: string, lang: Lang, frame: FeedFrame): Promise<void> =>
    openStillFramePage(page, env.url(), path, lang, frame);

  /** Each box's card drawn alone at its width, its index and badge texts measured against the floor. */
  const readCorners = async (
    boxes: readonly CardBox[],
    marks: CardMarks,
    lang: Lang,
  ): Promise<{ small: string[]; hidden: string[]; indices: number; badges: number }> => {
    const corner = await env.browser().newPage({ viewport: { width: 1920, height: 1080 } });
    await corner.setContent('<!doctype html><html><body></body></html>');
    await corner.evaluate(() => document.fonts.ready.then(() => undefined));
    const measured = new Map<string, CornerText[]>();
    const small: string[] = [];
    const hidden: string[] = [];
    let indices = 0;
    let badges = 0;
    for (const box of boxes) {
      const face = box.card.slice(0, -1);
      const image = cardImage(face as Face, marks(face as Face), lang);
      const key = `${image.src}@${String(box.width)}`;
      let texts = measured.get(key);
      if (texts === undefined) {
        texts = await corner.evaluate(measureCorner, { svg: svgOf(image.src), width: box.width });
        measured.set(key, texts);
      }
      for (const t of texts) {
        const floor = t.part === 'index' ? LEGIBILITY_FLOOR_PX.cardIndex : LEGIBILITY_FLOOR_PX.cardBadge;
        if (t.part === 'index') indices += 1;
        else badges += 1;
        const what = `${box.card} ${t.part} "${t.text}" at card width ${String(box.width)}`;
        if (t.fontPx < floor) small.push(`${what}: ${t.fontPx.toFixed(1)} px`);
        if (t.right > box.shown + 0.5)
          hidden.push(`${what}: ends at ${t.right.toFixed(1)} px, ${box.shown.toFixed(1)} px in view`);
      }
    }
    await corner.close();
    return { small, hidden, indices, badges };
  };

  for (const lang of ['zh-CN', 'en'] as const) {
    it(`${lang}: every index at least ${String(LEGIBILITY_FLOOR_PX.cardIndex)} px and every badge ${String(LEGIBILITY_FLOOR_PX.cardBadge)} px, in view in its fan`, async () => {
      const view = worstCaseView({ names: lang === 'zh-CN' ? 'cjk' : 'latin', turn: 'E', moment: null });
      const marks = guandanCardMarks((view.hand?.level ?? null) as Rank | null, lang);
      const table = await env.browser().newPage({ viewport: { width: 1920, height: 1080 } });
      await openPage(table, 'table', lang, frameFor('legibility', LIVE, view));
      const boxes = await table.evaluate(measureCards, '[data-testid="table-view"]');
      await table.close();
      // 4 hands of 27 and 4 plays of 8: every card the page draws is measured.
      expect(boxes).toHaveLength(4 * 27 + 4 * 8);

      const { small, hidden, indices, badges } = await readCorners(boxes, marks, lang);
      expect(small).toEqual([]);
      expect(hidden).toEqual([]);
      // Every card has its index (a joker's is a word down its corner); the level 10s their badges.
      expect(indices).toBeGreaterThanOrEqual(boxes.length);
      expect(badges).toBe(8);
    });

    it(`${lang}: the tribute cards of the moments page at the same floor, a double tribute's four (GD-TRIB-3)`, async () => {
      const view = worstCaseView({ names: lang === 'zh-CN' ? 'cjk' : 'latin', turn: 'E', moment: 'tribute' });
      const marks = guandanCardMarks((view.hand?.level ?? null) as Rank | null, lang);
      const moments = await env.browser().newPage({ viewport: { width: 1920, height: 1080 } });
      await openPage(moments, 'moments', lang, frameFor('legibility', LIVE, view));
      await moments.waitForSelector('[data-testid="moment"][data-kind="tribute"]');
      const boxes = await moments.evaluate(measureCards, '[data-testid="moment"]');
      await moments.close();
      // Two gifts and two returns, each card drawn alone beside its line.
      expect(boxes.map((b) => b.card)).toEqual(['RJa', 'RJb', 'HTa', 'S2b']);
      const { small, hidden, indices, badges } = await readCorners(boxes, marks, lang);
      expect(small).toEqual([]);
      expect(hidden).toEqual([]);
      expect(indices).toBeGreaterThanOrEqual(boxes.length);
      // Playing 10: the returned 10 of hearts is the level's wild card, its badge drawn too.
      expect(badges).toBe(1);
    });
  }
});
