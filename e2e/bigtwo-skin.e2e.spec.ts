/// <reference lib="dom" />
// Page functions run in Chromium: they need the DOM types.
import { BROADCAST, VENUE } from '@tablecast/game-kit';
import {
  DEFAULT_BIGTWO_RULES,
  bigtwoModule,
  playRandomB2Boards,
  scoreBoard,
  type BigTwoState,
  type BigTwoView,
} from '@tablecast/bigtwo';
import type { Browser, Page } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'svelte/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skinFor } from '../overlays/src/games/registry';
import { launchBrowser } from './support/browser';
import { lowerThirdPageHtml } from './support/lower-third-page';
import { diffPngs, pngAlphaAt } from './support/overlay-screenshots';
import { artifactsDir, repoRoot } from './support/repo';

/**
 * The Big Two skin on air, in headless Chromium: a seeded match played by the library's random
 * bots, two of its states turned into the venue's view by the module itself (bigtwoModule.view),
 * the skin's components rendered from those views. A hand shown (明牌, B2-SHOW-1) is face up on
 * venue with its ×3 badge, a double (加倍) wears ×2, a seat down to one card wears 报单 (B2-PLAY-6),
 * every other hand is only its count; at the board's end the card prints each player's cards
 * left, card points and the six pairs of B2-SCORE-2. zh-CN and English, transparent, each frame
 * as its committed reference image (`OVERLAY_REFERENCES=update` rewrites them).
 */
const referenceDir = join(repoRoot, 'e2e/overlays-reference');
const updateReferences = process.env.OVERLAY_REFERENCES === 'update';
/** As the other overlays' specs: room for antialiasing, too little for a changed digit. */
const TOLERANCE_PIXELS = 150;

type SceneKind = 'oneCard' | 'boardEnd';
type Feed = 'venue' | 'broadcast';
const SEED = 'b2-skin-e2e';
const NAMES = { S: '王立明', E: '欧阳青青', N: '陈思远', W: '林小雨' } as const;
/** The moments the scenes are, as the module names them (bigtwoMoments). */
const MOMENT_OF: Readonly<Record<SceneKind, string>> = { oneCard: 'oneCard', boardEnd: 'boardEnd' };

/**
 * Plays the seeded match and keeps, right after the event the module names each moment for: a
 * one-card report (报单) on a board where one seat has shown, one has doubled and one keeps his hand
 * hidden, after a first board (so there are running totals); and a board's end with a shown hand
 * and a double in its score and at least three different card points.
 */
function scenes(boards = 60): Readonly<Record<SceneKind, BigTwoState>> {
  const found = new Map<SceneKind, BigTwoState>();
  const played = playRandomB2Boards({
    seed: SEED,
    boards,
    names: NAMES,
    showPerMille: 300,
    doublePerMille: 400,
    onStep: ({ before, events, after }) => {
      const board = after.board;
      if (board === null) return;
      const seats = Object.values(board.shown);
      const doubles = Object.values(board.doubled);
      const mixed = seats.includes(true) && seats.includes(false) && doubles.includes(true);
      for (const event of events)
        for (const moment of bigtwoModule.moments(before, event, after)) {
          const kind = (['oneCard', 'boardEnd'] as const).find((k) => MOMENT_OF[k] === moment.kind);
          if (kind === undefined || found.has(kind) || !mixed || after.boardsPlayed === 0) continue;
          // The 报单 scene needs the shown hand still in play, so it is drawn face up.
          if (kind === 'oneCard' && !Object.entries(board.shown).some(([s, v]) => v && s !== moment.seat))
            continue;
          // The board-end scene needs card points that differ, so the pairs' arithmetic says something.
          const points = Object.values(board.result?.cardPoints ?? {});
          if (kind === 'boardEnd' && new Set(points).size < 3) continue;
          found.set(kind, after);
        }
    },
  });
  if (!played.ok) throw new Error(`the seeded match broke a rule: ${played.violation.rule}`);
  const missing = (['oneCard', 'boardEnd'] as const).filter((k) => !found.has(k));
  if (missing.length > 0) throw new Error(`no ${missing.join(', ')} in ${String(boards)} seeded boards`);
  return Object.fromEntries(found) as Record<SceneKind, BigTwoState>;
}

/** One 1920×1080 frame as the frame pages draw it: the registry's skin, its table and scorebug. */
function skinPage(view: BigTwoView, lang: 'zh-CN' | 'en', showHand: boolean): string {
  const skin = skinFor(view);
  if (skin === null) throw new Error('no skin registered for bigtwo');
  const parts = [
    render(skin.Table, { props: { view, lang, showHand, nowMs: 0, delayMs: 0 } }),
    render(skin.Scorebug, { props: { view, lang, nowMs: 0, delayMs: 0 } }),
  ].map((r) => ({ head: r.head, body: r.body }));
  const sheet = readFileSync(join(repoRoot, 'overlays/src/lib/on-air/on-air.css'), 'utf8');
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><style>${sheet}</style>${parts.map((p) => p.head).join('')}</head>
<body><div class="on-air-stage still" data-testid="stage" data-revision="${String(view.revision)}">${parts
    .map((p) => `<div style="position:absolute;inset:0">${p.body}</div>`)
    .join('')}</div></body></html>`;
}

/**
 * The frames with a reference image: both scenes on venue, and the 报单 scene on the broadcast (the
 * delayed feed, where every hand is face up), each in both languages.
 */
const FRAMES: readonly { kind: SceneKind; feed: Feed; lang: 'zh-CN' | 'en' }[] = [
  { kind: 'oneCard', feed: 'venue', lang: 'zh-CN' },
  { kind: 'oneCard', feed: 'venue', lang: 'en' },
  { kind: 'boardEnd', feed: 'venue', lang: 'zh-CN' },
  { kind: 'boardEnd', feed: 'venue', lang: 'en' },
  { kind: 'oneCard', feed: 'broadcast', lang: 'zh-CN' },
  { kind: 'oneCard', feed: 'broadcast', lang: 'en' },
];

const signed = (n: number): string => (n > 0 ? `+${String(n)}` : n < 0 ? `−${String(-n)}` : '0');

describe('the Big Two skin in headless Chromium, from the module’s own venue views', () => {
  let browser: Browser | undefined;
  let states: Readonly<Record<SceneKind, BigTwoState>> | undefined;

  beforeAll(async () => {
    states = scenes();
    browser = await launchBrowser();
    mkdirSync(artifactsDir, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const show = async (
    kind: SceneKind,
    lang: 'zh-CN' | 'en',
    feed: Feed = 'venue',
  ): Promise<{ page: Page; view: BigTwoView }> => {
    if (!browser || !states) throw new Error('not set up');
    const view = bigtwoModule.view(states[kind], feed === 'venue' ? VENUE : BROADCAST);
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.setContent(skinPage(view, lang, feed === 'broadcast'));
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    return { page, view };
  };
  const text = (page: Page, testId: string): Promise<string> =>
    page
      .getByTestId(testId)
      .first()
      .textContent()
      .then((t) => (t ?? '').replace(/\s+/g, ' ').trim());
  const cardsIn = (page: Page, testId: string): Promise<(string | null)[]> =>
    page
      .getByTestId(testId)
      .locator('[data-card]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));

  it('B2-SHOW-1, B2-DBL-2, B2-PLAY-6: a shown hand face up with 明牌 ×3, a double with 加倍 ×2, 报单, hidden hands as counts', async () => {
    const { page, view } = await show('oneCard', 'zh-CN');
    const shown = view.seats.filter((s) => s.shown === true);
    const hidden = view.seats.filter((s) => s.shown !== true);
    expect(shown.length).toBeGreaterThan(0);
    expect(hidden.length).toBeGreaterThan(0);
    expect(view.seats.some((s) => s.doubled === true)).toBe(true);
    for (const s of view.seats) {
      const id = `b2-seat-${s.seat}`;
      expect(await text(page, `${id}-left`)).toBe(`${String(s.cardsLeft)}张`);
      expect(await text(page, `${id}-total`)).toBe(`累计 ${signed(s.total)}`);
      expect(await page.getByTestId(`${id}-shown`).count()).toBe(s.shown === true ? 1 : 0);
      expect(await page.getByTestId(`${id}-doubled`).count()).toBe(s.doubled === true ? 1 : 0);
      if (s.shown === true) {
        expect(await text(page, `${id}-shown`)).toBe('明牌 ×3');
        // The venue view carries a shown hand, and the skin draws exactly it, card for card.
        expect(s.hand).not.toBeNull();
        expect(await cardsIn(page, `${id}-hand`)).toEqual(s.hand);
        expect(s.hand).toHaveLength(s.cardsLeft);
      } else {
        // An unshown hand never reaches venue, and none is drawn: its count only.
        expect(s.hand).toBeNull();
        expect(await page.getByTestId(`${id}-hand`).count()).toBe(0);
      }
      if (s.doubled === true) expect(await text(page, `${id}-doubled`)).toBe('加倍 ×2');
      expect(await page.getByTestId(`${id}-one-card`).count()).toBe(s.oneCardAlert ? 1 : 0);
    }
    const alerted = view.seats.filter((s) => s.oneCardAlert);
    expect(alerted.length).toBeGreaterThan(0);
    for (const s of alerted) {
      expect(s.cardsLeft).toBe(1);
      expect(await text(page, `b2-seat-${s.seat}-one-card`)).toBe('报单');
    }
    // The scorebug: the board in play and every running total.
    expect(await text(page, 'b2-scorebug-board')).toBe(`第${String(view.board?.number)}副`);
    for (const s of view.seats)
      expect(await text(page, `b2-scorebug-seat-${s.seat}`)).toBe(`${s.name} ${signed(s.total)}`);
    expect(view.seats.some((s) => s.total !== 0)).toBe(true);
    await page.close();
  });

  it('B2-SCORE-1/2: the board-end card prints cards left, card points, factors and each pair’s arithmetic', async () => {
    const { page, view } = await show('boardEnd', 'zh-CN');
    const last = view.lastBoard;
    if (last === null) throw new Error('no board result in the view');
    expect(last.seats.some((s) => s.showed)).toBe(true);
    expect(last.seats.some((s) => s.doubled)).toBe(true);
    // The recorded scores are the library's B2-SCORE-2 of the recorded cards left and choices.
    const scored = scoreBoard({ players: last.seats }, DEFAULT_BIGTWO_RULES);
    expect(scored.scores).toEqual(last.seats.map((s) => s.score));
    const factor = (s: { showed: boolean; doubled: boolean }): number =>
      (s.showed ? 3 : 1) * (s.doubled ? 2 : 1);
    for (const s of last.seats) {
      expect(await text(page, `b2-end-${s.seat}-left`)).toBe(String(s.left));
      expect(await text(page, `b2-end-${s.seat}-points`)).toBe(String(s.cardPoints));
      expect(await text(page, `b2-end-${s.seat}-factor`)).toBe(
        `×${String(factor(s))}${s.showed ? '明牌' : ''}${s.doubled ? '加倍' : ''}`,
      );
      expect(await text(page, `b2-end-${s.seat}-score`)).toBe(signed(s.score));
    }
    // Each of the six pairs, written from the side with fewer card points: (P_l − P_w) × f_w × f_l.
    let pairs = 0;
    for (const [i, a] of last.seats.entries())
      for (const b of last.seats.slice(i + 1)) {
        const [w, l] = a.cardPoints <= b.cardPoints ? [a, b] : [b, a];
        const value = (l.cardPoints - w.cardPoints) * factor(w) * factor(l);
        const arithmetic = `(${String(l.cardPoints)}−${String(w.cardPoints)})×${String(factor(w))}×${String(factor(l))} = ${String(value)}`;
        expect(await text(page, `b2-pair-${w.seat}-${l.seat}`)).toContain(arithmetic);
        pairs += 1;
      }
    expect(pairs).toBe(6);
    expect(await page.getByTestId('b2-table').count()).toBe(0);
    expect(await text(page, 'b2-scorebug-board')).toBe(`第${String(last.board)}副`);
    await page.close();
  });

  it('speaks English with lang=en, and no Chinese label is left', async () => {
    const names = Object.values(NAMES);
    for (const kind of ['oneCard', 'boardEnd'] as const) {
      const { page, view } = await show(kind, 'en');
      const shown = (await page.getByTestId('stage').textContent()) ?? '';
      // Player names are data and stay as entered; every label around them is English.
      expect(names.reduce((rest, name) => rest.split(name).join(''), shown)).not.toMatch(/\p{Script=Han}/u);
      if (kind === 'oneCard') {
        expect(shown).toContain('Shown ×3');
        expect(shown).toContain('Doubled ×2');
        expect(shown).toContain('Last card');
      } else {
        expect(shown).toContain('Card points');
        expect(shown).toContain(`Board ${String(view.lastBoard?.board)}: the score`);
      }
      await page.close();
    }
  });

  it('the broadcast draws every hand face up as the broadcast view holds it, with 明牌, 加倍 and 报单', async () => {
    const { page, view } = await show('oneCard', 'zh-CN', 'broadcast');
    for (const s of view.seats) {
      const id = `b2-seat-${s.seat}`;
      // The delayed broadcast carries every hand, shown or not (B2-SHOW-1 only opens it to venue).
      expect(s.hand).toHaveLength(s.cardsLeft);
      expect(await cardsIn(page, `${id}-hand`)).toEqual(s.hand);
      expect(await page.getByTestId(`${id}-shown`).count()).toBe(s.shown === true ? 1 : 0);
      expect(await page.getByTestId(`${id}-doubled`).count()).toBe(s.doubled === true ? 1 : 0);
      expect(await page.getByTestId(`${id}-one-card`).count()).toBe(s.oneCardAlert ? 1 : 0);
    }
    const alerted = view.seats.filter((s) => s.oneCardAlert);
    expect(alerted.length).toBeGreaterThan(0);
    for (const s of alerted) expect(await text(page, `b2-seat-${s.seat}-one-card`)).toBe('报单');
    expect(view.seats.some((s) => s.shown !== true)).toBe(true);
    await page.close();
  });

  it('the lower-third page names a player by the game’s own seat (&seat=S|E|N|W), in zh-CN and with lang=en', async () => {
    if (!browser || !states) throw new Error('not set up');
    const view = bigtwoModule.view(states.oneCard, VENUE);
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const open = async (search: string): Promise<void> => {
      await page.setContent(lowerThirdPageHtml(view, search));
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
    };
    const words = {
      'zh-CN': {
        seats: { S: '南', E: '东', N: '北', W: '西' },
        left: (n: number) => `${String(n)}张`,
        shown: '明牌 ×3',
        doubled: '加倍 ×2',
        total: '累计',
      },
      en: {
        seats: { S: 'South', E: 'East', N: 'North', W: 'West' },
        left: (n: number) => `${String(n)} card${n === 1 ? '' : 's'}`,
        shown: 'Shown ×3',
        doubled: 'Doubled ×2',
        total: 'Total',
      },
    } as const;
    for (const lang of ['zh-CN', 'en'] as const)
      for (const s of view.seats) {
        await open(`?match=m&seat=${s.seat}${lang === 'en' ? '&lang=en' : ''}&still=1`);
        const w = words[lang];
        expect(await text(page, 'lower-third-name')).toBe(s.name);
        expect(await page.getByTestId('lower-third').locator('.line span').allTextContents()).toEqual([
          w.seats[s.seat],
          w.left(s.cardsLeft),
          ...(s.shown === true ? [w.shown] : []),
          ...(s.doubled === true ? [w.doubled] : []),
          `${w.total} ${signed(s.total)}`,
        ]);
      }
    // A Dou Dizhu seat names no player of this match: nothing on air, and the preview says why.
    await open('?match=m&seat=0&still=1');
    expect(await page.getByTestId('lower-third').count()).toBe(0);
    expect(await page.getByTestId('seat-error').count()).toBe(0);
    await open('?match=m&seat=0&preview=1');
    expect(await text(page, 'seat-error')).toBe(
      'seat=0 不是竞技锄大地的座位：seat 应为 S (南)、E (东)、N (北)、W (西)',
    );
    await open('?match=m&seat=0&preview=1&lang=en');
    expect(await text(page, 'seat-error')).toBe(
      'seat=0 is not a seat of Big Two: seat is one of S (South), E (East), N (North), W (West)',
    );
    await page.close();
  });

  for (const { kind, feed, lang } of FRAMES) {
    it(`${kind} on ${feed} in ${lang}: transparent, as its reference image`, async () => {
      const { page } = await show(kind, lang, feed);
      const shot = await page.screenshot({ omitBackground: true });
      const name = `bigtwo-${kind}.${feed}.${lang}`;
      writeFileSync(join(artifactsDir, `overlay-${name}.png`), shot);
      expect(await pngAlphaAt(page, shot, 0, 0)).toBe(0);
      expect(await pngAlphaAt(page, shot, 1919, 1079)).toBe(0);
      const reference = join(referenceDir, `${name}.png`);
      if (updateReferences || !existsSync(reference)) {
        mkdirSync(referenceDir, { recursive: true });
        writeFileSync(reference, shot);
        if (!updateReferences)
          throw new Error(`no reference image ${reference}: wrote one, review and commit it`);
      } else {
        const diff = await diffPngs(page, shot, readFileSync(reference));
        writeFileSync(join(artifactsDir, `overlay-${name}.diff.json`), JSON.stringify(diff));
        expect(
          diff.differing,
          `${String(diff.differing)} pixels differ from ${reference}`,
        ).toBeLessThanOrEqual(TOLERANCE_PIXELS);
      }
      await page.close();
    });
  }
});
