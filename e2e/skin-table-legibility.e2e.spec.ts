/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Page functions run in Chromium: they need the DOM types.
import { TITLE_SAFE, contains, intersects, type Region } from '@tablecast/obs';
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bigtwoWorstCase } from '../overlays/src/games/bigtwo/worst-case-view';
import { doudizhuWorstCase } from '../overlays/src/games/doudizhu/worst-case-view';
import { LEGIBILITY_FLOOR_PX } from '../overlays/src/lib/on-air/legibility';
import type { NameScript } from '../overlays/src/lib/on-air/longest-name';
import { measurePicture, type Box } from './support/measure-picture';
import { artifactsDir } from './support/repo';
import { useServerAndBrowser } from './support/server-and-browser';
import { openStillFramePage } from './support/still-frame-page';
import { LIVE } from './support/worst-case-view';

/**
 * Dou Dizhu's and Big Two's on-air cards are legible at 1080p and their tables stay title-safe: in
 * headless Chromium at 1920x1080, the built table page (and Dou Dizhu's moments page, a rocket)
 * is shown the worst case of each game (overlays/src/games/<game>/worst-case-view.ts: full hands
 * face up, the longest play, 64-character names, every badge) through an intercepted websocket.
 * Every card's index, as Chromium renders it, is drawn at least at the floor of on-air/legibility.ts
 * and lies in the part of the card the next card of its fan leaves in view; every painted box lies
 * inside the title-safe area, and every word and card inside the panel that holds it. The rocket's
 * moment card, on air over the table in the Table scene, covers none of the table's boxes.
 */

type Lang = 'zh-CN' | 'en';
const LANGS: readonly Lang[] = ['zh-CN', 'en'];
const SCRIPTS: readonly NameScript[] = ['cjk', 'latin'];

/** One picture: a page shown one view. */
interface Shot {
  readonly label: string;
  /** Its screenshot's name in the artifacts folder. */
  readonly file: string;
  readonly page: 'table' | 'moments';
  readonly view: { readonly revision: number };
  /** The cards it must draw, face up (a check that the measurement sees them all). */
  readonly cards: number;
}

/** An index text of a fanned card, as Chromium renders it. */
interface IndexText {
  readonly card: string;
  readonly text: string;
  readonly fontPx: number;
  /** Its box's right edge, px from the card's left edge. */
  readonly right: number;
  /** How much of the card, from its left edge, the next card of its fan leaves in view. */
  readonly shown: number;
}

/** Every index text of every face-up card in a fan (CardFan) on the stage. */
function measureFanIndices(): IndexText[] {
  const texts: IndexText[] = [];
  for (const fan of document.querySelectorAll('[data-testid="stage"] .fan')) {
    const slots = [...fan.children];
    slots.forEach((slot, i) => {
      const box = slot.getBoundingClientRect();
      const next = slots[i + 1]?.getBoundingClientRect();
      const sameLine = next !== undefined && Math.abs(next.top - box.top) < 1;
      const shown = sameLine ? next.left - box.left : box.width;
      for (const text of slot.querySelectorAll('text[data-part="index"]')) {
        if (!(text instanceof SVGTextElement)) continue;
        texts.push({
          card: slot.getAttribute('data-card') ?? '',
          text: text.textContent,
          fontPx: parseFloat(getComputedStyle(text).fontSize) * (text.getScreenCTM()?.a ?? 0),
          right: text.getBoundingClientRect().right - box.left,
          shown,
        });
      }
    });
  }
  return texts;
}

/**
 * Every box drawn beyond the panel that holds it (a seat, the centre, a moment): a word or a card
 * that spills out of its panel, which the title-safe check alone would not see.
 */
function measureSpills(): string[] {
  const spills: string[] = [];
  const stage = document.querySelector('[data-testid="stage"]');
  if (stage === null) throw new Error('no stage');
  /** What is left of `r` in view: clipped by every ancestor up to `panel` that hides its overflow. */
  const inView = (el: Element, panel: Element, r: DOMRect): DOMRect | null => {
    let shown: DOMRect | null = r;
    for (let a: Element | null = el; a !== null && a !== panel && shown !== null; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = a.getBoundingClientRect();
      const left = Math.max(shown.left, clip.left);
      const top = Math.max(shown.top, clip.top);
      const right = Math.min(shown.right, clip.right);
      const bottom = Math.min(shown.bottom, clip.bottom);
      shown = right > left && bottom > top ? new DOMRect(left, top, right - left, bottom - top) : null;
    }
    return shown;
  };
  for (const panel of stage.querySelectorAll('section, .centre')) {
    const outer = panel.getBoundingClientRect();
    const inside = (el: Element, rect: DOMRect): boolean => {
      const r = inView(el, panel, rect);
      return (
        r === null ||
        r.width * r.height === 0 ||
        (r.left >= outer.left - 0.5 &&
          r.top >= outer.top - 0.5 &&
          r.right <= outer.right + 0.5 &&
          r.bottom <= outer.bottom + 0.5)
      );
    };
    const name = panel.getAttribute('data-testid') ?? panel.className;
    for (const el of panel.querySelectorAll('*')) {
      // An SVG card is measured as a whole; its texts are the card's own business.
      if (el.closest('svg') !== null && el.tagName.toLowerCase() !== 'svg') continue;
      if (!inside(el, el.getBoundingClientRect()))
        spills.push(`${name}: ${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`);
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || (node.textContent ?? '').trim() === '') continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects())
          if (!inside(el, r)) spills.push(`${name}: "${(node.textContent ?? '').slice(0, 16)}"`);
      }
    }
  }
  return spills;
}

/** The two pages on air together in the Table scene when a rocket is played: they must not collide. */
const ROCKET_TABLE = 'doudizhu-rocket-table';
const ROCKET_MOMENT = 'doudizhu-rocket';

function shots(names: NameScript): Shot[] {
  const ddz = ([0, 1, 2] as const).map((playing) => ({
    label: `Dou Dizhu table, seat ${String(playing)} playing`,
    file: `doudizhu-table-${String(playing)}`,
    page: 'table' as const,
    view: doudizhuWorstCase({ names, playing }),
    cards: 3 * 20 + 20 + 3,
  }));
  const b2 = (['S', 'E', 'N', 'W'] as const).map((playing) => ({
    label: `Big Two table, ${playing} playing`,
    file: `bigtwo-table-${playing}`,
    page: 'table' as const,
    view: bigtwoWorstCase({ names, playing }),
    cards: 4 * 13 + 5,
  }));
  // A rocket just played (DDZ-COMBO-1): the moments page shows it, its two jokers drawn large.
  const worst = doudizhuWorstCase({ names, playing: 2 });
  const board = worst.board;
  if (board === null) throw new Error('no board');
  const rocket = {
    ...worst,
    board: {
      ...board,
      trick: {
        leader: 2,
        last: { seat: 2, cards: ['BJ', 'RJ'], as: { type: 'rocket', length: 2 } },
        passes: 0,
      },
      clock: { seats: [0], seconds: 30, rule: 'DDZ-PLAY-6', since: 986, deadline: 1_800_000_000_000 },
    },
  } as const;
  return [
    ...ddz,
    ...b2,
    {
      label: 'Dou Dizhu table, a rocket',
      file: ROCKET_TABLE,
      page: 'table',
      view: rocket,
      cards: 3 * 20 + 2 + 3,
    },
    { label: 'Dou Dizhu moment, a rocket', file: ROCKET_MOMENT, page: 'moments', view: rocket, cards: 2 },
  ];
}

describe('Dou Dizhu and Big Two on air at 1080p: cards at the legibility floor, tables title-safe', () => {
  const env = useServerAndBrowser();

  const open = (page: Page, lang: Lang, shot: Shot): Promise<void> => {
    const frame = {
      type: 'feed',
      matchId: 'legibility',
      audience: 'broadcast',
      seq: 1,
      status: LIVE,
      event: null,
      view: shot.view,
    };
    return openStillFramePage(page, env.url(), shot.page, lang, frame);
  };

  for (const lang of LANGS)
    it(`${lang}: every index at least ${String(LEGIBILITY_FLOOR_PX.cardIndex)} px and in view, every box title-safe and in its panel, the moment clear of the table`, async () => {
      mkdirSync(artifactsDir, { recursive: true });
      const page = await env.browser().newPage({ viewport: { width: 1920, height: 1080 } });
      const small: string[] = [];
      const hidden: string[] = [];
      const outside: string[] = [];
      const spilt: string[] = [];
      const collisions: string[] = [];
      for (const names of SCRIPTS) {
        const drawn = new Map<string, { boxes: readonly Box[]; graphics: readonly Box[] }>();
        for (const shot of shots(names)) {
          await open(page, lang, shot);
          const label = `${shot.label} (${names} names)`;
          if (names === (lang === 'zh-CN' ? 'cjk' : 'latin'))
            await page.screenshot({
              path: join(artifactsDir, `legibility-${shot.file}.${lang}.png`),
              omitBackground: true,
            });
          const texts = await page.evaluate(measureFanIndices);
          // Every face-up card has its index (a joker's is a word down its corner, one text a letter).
          expect(new Set(texts.map((t) => t.card)).size, label).toBeGreaterThan(0);
          const faceUp = await page.$$eval('[data-testid="stage"] .fan .slot', (slots) => slots.length);
          expect(faceUp, label).toBe(shot.cards);
          for (const t of texts) {
            const what = `${label}: ${t.card} "${t.text}"`;
            if (t.fontPx < LEGIBILITY_FLOOR_PX.cardIndex) small.push(`${what} ${t.fontPx.toFixed(1)} px`);
            if (t.right > t.shown + 0.5)
              hidden.push(`${what} ends at ${t.right.toFixed(1)} px, ${t.shown.toFixed(1)} px in view`);
          }
          spilt.push(...(await page.evaluate(measureSpills)).map((spill) => `${label}: ${spill}`));
          const { boxes, graphics } = await page.evaluate(measurePicture);
          drawn.set(shot.file, { boxes, graphics });
          expect(boxes.length, label).toBeGreaterThan(0);
          for (const box of boxes)
            if (!contains(grown(TITLE_SAFE), box)) outside.push(`${label}: ${box.what} at ${where(box)}`);
        }
        // The moment card over the table: no painted box of the table under it.
        const moment = drawn.get(ROCKET_MOMENT)?.graphics.find((g) => g.what === 'moment');
        expect(moment, `the rocket's moment card (${names} names)`).toBeDefined();
        for (const box of drawn.get(ROCKET_TABLE)?.boxes ?? [])
          if (moment !== undefined && intersects(moment, box))
            collisions.push(
              `${names} names: ${box.what} at ${where(box)} under the moment at ${where(moment)}`,
            );
      }
      await page.close();
      expect(small).toEqual([]);
      expect(hidden).toEqual([]);
      expect(outside).toEqual([]);
      expect(spilt).toEqual([]);
      expect(collisions).toEqual([]);
    });
});

/** Sub-pixel text metrics may round either way. */
const grown = (r: Region): Region => ({
  x: r.x - 0.5,
  y: r.y - 0.5,
  width: r.width + 1,
  height: r.height + 1,
});
const where = (r: Region): string =>
  `[${String(Math.round(r.x))},${String(Math.round(r.y))} ${String(Math.round(r.width))}x${String(Math.round(r.height))}]`;
