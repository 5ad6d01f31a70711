/// <reference lib="dom" />
// Page functions run in Chromium: they need the DOM types.
import type { DoudizhuView } from '@tablecast/doudizhu';
import type { Browser, Page } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  doudizhuScenes,
  sceneView,
  type DoudizhuScene,
  type DoudizhuSceneKind,
} from './support/doudizhu-scenes';
import { doudizhuSkinPage } from './support/doudizhu-skin-page';
import { lowerThirdPageHtml } from './support/lower-third-page';
import { skinFor } from '../overlays/src/games/registry';
import { diffPngs, pngAlphaAt } from './support/overlay-screenshots';
import { artifactsDir, repoRoot } from './support/repo';

/**
 * The Dou Dizhu skin on air, in headless Chromium: a seeded match played by the library's bots,
 * each moment's state turned into the venue's and the broadcast's view by the module itself, the
 * skin's components rendered from those views. Each frame says what the view says (地主, kitty,
 * bid, 倍数, totals, the score formula's factors), shows no hand on venue, speaks zh-CN or English,
 * is transparent, and matches its committed reference image. `OVERLAY_REFERENCES=update` rewrites them.
 */
const referenceDir = join(repoRoot, 'e2e/overlays-reference');
const updateReferences = process.env.OVERLAY_REFERENCES === 'update';
/** As the Guandan overlays' spec: room for antialiasing, too little for a changed digit. */
const TOLERANCE_PIXELS = 150;

/** The frames with a reference image: every moment, both languages, each feed where it differs. */
const FRAMES: readonly { kind: DoudizhuSceneKind; feed: 'venue' | 'broadcast'; lang: 'zh-CN' | 'en' }[] = [
  { kind: 'bomb', feed: 'venue', lang: 'zh-CN' },
  { kind: 'bomb', feed: 'broadcast', lang: 'zh-CN' },
  { kind: 'bomb', feed: 'venue', lang: 'en' },
  { kind: 'bomb', feed: 'broadcast', lang: 'en' },
  { kind: 'rocket', feed: 'venue', lang: 'zh-CN' },
  { kind: 'rocket', feed: 'venue', lang: 'en' },
  { kind: 'spring', feed: 'broadcast', lang: 'zh-CN' },
  { kind: 'spring', feed: 'broadcast', lang: 'en' },
  { kind: 'antiSpring', feed: 'venue', lang: 'zh-CN' },
  { kind: 'antiSpring', feed: 'venue', lang: 'en' },
];

const signed = (n: number): string => (n > 0 ? `+${String(n)}` : n < 0 ? `−${String(-n)}` : '0');

describe('the Dou Dizhu skin in headless Chromium, from the module’s own views', () => {
  let browser: Browser | undefined;
  let scenes: Readonly<Record<DoudizhuSceneKind, DoudizhuScene>> | undefined;

  beforeAll(async () => {
    scenes = doudizhuScenes();
    browser = await launchBrowser();
    mkdirSync(artifactsDir, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const show = async (
    kind: DoudizhuSceneKind,
    feed: 'venue' | 'broadcast',
    lang: 'zh-CN' | 'en',
  ): Promise<{ page: Page; view: DoudizhuView; seat: number | null }> => {
    if (!browser || !scenes) throw new Error('not set up');
    const scene = scenes[kind];
    const view = sceneView(scene, feed);
    const seat = scene.moment.seat === null ? null : Number(scene.moment.seat);
    const { html, moment } = doudizhuSkinPage(view, lang, feed === 'broadcast');
    // The skin finds in the view the moment the module named for the event (doudizhuMoments).
    expect(moment?.kind).toBe(kind);
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.setContent(html);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    return { page, view, seat };
  };
  const text = (page: Page, testId: string): Promise<string> =>
    page
      .getByTestId(testId)
      .first()
      .textContent()
      .then((t) => (t ?? '').replace(/\s+/g, ' ').trim());

  it('a bomb: the table marks the landlord, shows the kitty, the bid, the live 倍数 and the bombs; no hand on venue', async () => {
    const { page, view, seat } = await show('bomb', 'venue', 'zh-CN');
    const board = view.board;
    if (board?.landlord == null || board.bid === null || board.kitty === null)
      throw new Error('the bomb scene has no landlord, bid or revealed kitty');
    expect(await page.getByTestId(`ddz-seat-${String(board.landlord)}`).getAttribute('data-landlord')).toBe(
      'true',
    );
    expect(await text(page, `ddz-seat-${String(board.landlord)}-role`)).toBe('地主');
    for (const s of view.seats) {
      if (s.seat !== board.landlord) expect(await text(page, `ddz-seat-${String(s.seat)}-role`)).toBe('农民');
      expect(await text(page, `ddz-seat-${String(s.seat)}-left`)).toBe(`${String(s.cardsLeft)}张`);
      expect(await text(page, `ddz-seat-${String(s.seat)}-total`)).toBe(`累计 ${signed(s.total)}`);
      // DDZ-DBL-1: the doubles are revealed in this scene, so each defender's shows.
      if (s.seat !== board.landlord)
        expect(await text(page, `ddz-seat-${String(s.seat)}-double`)).toBe(
          s.doubled === true ? '加倍' : '不加倍',
        );
    }
    const kitty = await page
      .getByTestId('ddz-kitty')
      .locator('[data-card]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    expect(kitty).toEqual(board.kitty);
    expect(await text(page, 'ddz-bid')).toBe(`叫分 ${String(board.bid)}分`);
    // DDZ-SCORE-4: the live 倍数 is the view's, bid × 2^(bombs + rockets), × 2 for a revealed double
    // and × 2 again for the redouble (DDZ-DBL-3).
    const doubled = board.doublesRevealed && view.seats.some((s) => s.doubled === true);
    const n = board.bombs + board.rockets + (doubled ? 1 + Number(board.redoubled) : 0);
    expect(board.multiplier).toBe(board.bid * 2 ** n);
    expect(await text(page, 'ddz-multiplier')).toBe(`倍数 ×${String(board.multiplier)}`);
    expect(await text(page, 'ddz-bombs')).toBe(`炸弹 ${String(board.bombs)}`);
    // The moment: who played the bomb, its cards, the 倍数 it raised.
    expect(await page.getByTestId('ddz-moment').getAttribute('data-kind')).toBe('bomb');
    expect(seat).toBe(board.trick?.last?.seat);
    const played = await page
      .getByTestId('ddz-moment')
      .locator('[data-card]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    expect(played).toEqual(board.trick?.last?.cards);
    expect(board.trick?.last?.as.type).toBe('bomb');
    // The venue's view carries no hand, and none is drawn.
    expect(view.seats.map((s) => s.hand)).toEqual([null, null, null]);
    expect(await page.locator('[data-testid$="-hand"]').count()).toBe(0);
    // The scorebug detail: the board in play and every running total.
    expect(await text(page, 'ddz-scorebug-board')).toBe(`第${String(board.number)}副`);
    for (const s of view.seats)
      expect(await text(page, `ddz-scorebug-seat-${String(s.seat)}`)).toBe(
        `${s.name}${s.seat === board.landlord ? ' 地主' : ''} ${signed(s.total)}`,
      );
    expect(view.seats.some((s) => s.total !== 0)).toBe(true);
    await page.close();
  });

  it('the broadcast table draws every hand as the broadcast view holds it', async () => {
    const { page, view } = await show('bomb', 'broadcast', 'zh-CN');
    for (const s of view.seats) {
      const drawn = await page
        .getByTestId(`ddz-seat-${String(s.seat)}-hand`)
        .locator('[data-card]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
      expect(drawn).toEqual(s.hand);
      expect(drawn).toHaveLength(s.cardsLeft);
    }
    await page.close();
  });

  it('the rocket is 王炸 on air, its two jokers shown and the 倍数 doubled again', async () => {
    const { page, view } = await show('rocket', 'venue', 'zh-CN');
    expect(await page.getByTestId('ddz-moment').getAttribute('data-kind')).toBe('rocket');
    expect(await page.getByTestId('ddz-moment').locator('h2').textContent()).toBe('王炸');
    const played = await page
      .getByTestId('ddz-moment')
      .locator('[data-card]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    expect([...played].sort()).toEqual(['BJ', 'RJ']);
    expect(await text(page, 'ddz-moment-multiplier')).toBe(`倍数 ×${String(view.board?.multiplier)}`);
    await page.close();
  });

  for (const kind of ['spring', 'antiSpring'] as const) {
    it(`${kind}: the board-end card reads the score as bid × W × 2^n with each factor named (DDZ-SCORE-1…4)`, async () => {
      const { page, view } = await show(kind, kind === 'spring' ? 'broadcast' : 'venue', 'zh-CN');
      const last = view.lastBoard;
      if (last === null) throw new Error('no board result in the view');
      expect(last[kind]).toBe(true);
      expect(await page.getByTestId('ddz-moment').locator('h2').textContent()).toBe(
        kind === 'spring' ? '春天' : '反春',
      );
      expect(await text(page, 'ddz-board-winner')).toBe(last.winner === 'landlord' ? '地主胜' : '农民胜');
      for (const d of last.defenders) {
        const row = `ddz-defender-${String(d.seat)}`;
        const factor = async (name: string): Promise<string> =>
          (await page.getByTestId(row).getByTestId(name).textContent())?.replace(/\s+/g, ' ').trim() ?? '';
        expect(await factor('ddz-factor-bid')).toBe(`${String(d.bid)}叫分`);
        expect(await factor('ddz-factor-w')).toBe(`${d.w > 0 ? '+1' : '−1'}胜负系数 W`);
        // n term by term: 春天 or 反春 counts 1, so does this defender's double (and a redouble on it).
        const terms = [
          last.rockets > 0 ? `王炸 ${String(last.rockets)}` : null,
          last.bombs > 0 ? `炸弹 ${String(last.bombs)}` : null,
          last.spring ? '春天 1' : null,
          last.antiSpring ? '反春 1' : null,
          d.doubled ? '加倍 1' : null,
          d.doubled && last.redoubled ? '再加倍 1' : null,
        ].filter((t) => t !== null);
        expect(await factor('ddz-factor-2n')).toBe(`2${String(d.n)}n = ${terms.join(' + ')}`);
        expect(await text(page, `${row}-score`)).toBe(signed(d.score));
        expect(d.bid * d.w * 2 ** d.n).toBe(d.score);
      }
      const [first, second] = last.defenders;
      if (first === undefined || second === undefined) throw new Error('two defenders');
      expect(await text(page, 'ddz-landlord-score')).toBe(signed(last.scores[last.landlord] ?? NaN));
      expect(last.scores[last.landlord]).toBe(-(first.score + second.score));
      expect(await text(page, 'ddz-scorebug-board')).toBe(`第${String(last.board)}副`);
      await page.close();
    });
  }

  it('speaks English with lang=en, and no Chinese label is left', async () => {
    const { page, view } = await show('bomb', 'venue', 'en');
    expect(await text(page, 'ddz-multiplier')).toBe(`Multiplier ×${String(view.board?.multiplier)}`);
    expect(await text(page, `ddz-seat-${String(view.board?.landlord)}-role`)).toBe('Landlord');
    expect(await text(page, 'ddz-scorebug-board')).toBe(`Board ${String(view.board?.number)}`);
    const names = view.seats.map((s) => s.name);
    const shown = (await page.getByTestId('stage').textContent()) ?? '';
    // Player names are data and stay as entered; every label around them is English.
    expect(names.reduce((rest, name) => rest.split(name).join(''), shown)).not.toMatch(/\p{Script=Han}/u);
    await page.close();
    const end = await show('spring', 'broadcast', 'en');
    const endText = (await end.page.getByTestId('stage').textContent()) ?? '';
    expect(endText).toContain('Spring');
    expect(endText).toContain('Win factor W');
    expect(names.reduce((rest, name) => rest.split(name).join(''), endText)).not.toMatch(/\p{Script=Han}/u);
    await end.page.close();
  });

  it('the skin finds each moment in the view once, at the revision of the event the module named it for', () => {
    if (!scenes) throw new Error('not set up');
    const skin = skinFor({ revision: 0, game: 'doudizhu' });
    if (skin === null) throw new Error('no Dou Dizhu skin registered');
    for (const kind of ['bomb', 'rocket', 'spring', 'antiSpring'] as const) {
      const scene = scenes[kind];
      for (const feed of ['venue', 'broadcast'] as const) {
        const moment = skin.moments.latest(sceneView(scene, feed));
        expect(moment, `${kind} on ${feed}`).toMatchObject({ kind, revision: scene.state.revision });
        expect(skin.moments.onAirMs(moment ?? { kind, revision: 0 })).toBeGreaterThan(0);
      }
      // The next command (a pass over the bomb or the rocket, the next deal after the board) shows
      // nothing new: the moment is not found again at a later revision.
      if (scene.later === null) throw new Error(`nothing followed the ${kind}`);
      expect(
        skin.moments.latest(sceneView({ ...scene, state: scene.later }, 'venue')),
        `${kind}, one command later`,
      ).toBeNull();
    }
    expect(scenes.bomb.later?.board?.trick?.passes).toBe(1);
  });

  it('the lower-third page names a player by the game’s own seat (&seat=0|1|2), in zh-CN and with lang=en', async () => {
    if (!browser || !scenes) throw new Error('not set up');
    const view = sceneView(scenes.bomb, 'venue');
    const landlord = view.board?.landlord;
    if (landlord == null) throw new Error('no landlord in the bomb scene');
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const open = async (search: string): Promise<void> => {
      await page.setContent(lowerThirdPageHtml(view, search));
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
    };
    const facts = (): Promise<string[]> =>
      page.getByTestId('lower-third').locator('.line span').allTextContents();
    const words = {
      'zh-CN': {
        seats: ['1号位', '2号位', '3号位'],
        landlord: '地主',
        peasant: '农民',
        left: '张',
        total: '累计',
      },
      en: {
        seats: ['Seat 1', 'Seat 2', 'Seat 3'],
        landlord: 'Landlord',
        peasant: 'Peasant',
        left: ' cards',
        total: 'Total',
      },
    } as const;
    for (const lang of ['zh-CN', 'en'] as const)
      for (const s of view.seats) {
        await open(`?match=m&seat=${String(s.seat)}${lang === 'en' ? '&lang=en' : ''}&still=1`);
        const w = words[lang];
        expect(await text(page, 'lower-third-name')).toBe(s.name);
        expect(await facts()).toEqual([
          s.seat === landlord ? w.landlord : w.peasant,
          w.seats[s.seat],
          `${String(s.cardsLeft)}${w.left}`,
          `${w.total} ${signed(s.total)}`,
        ]);
      }
    // Another game's seat names no player of this match: nothing on air, and the preview says why.
    await open('?match=m&seat=S&still=1');
    expect(await page.getByTestId('lower-third').count()).toBe(0);
    expect(await page.getByTestId('seat-error').count()).toBe(0);
    await open('?match=m&seat=S&preview=1');
    expect(await page.getByTestId('lower-third').count()).toBe(0);
    expect(await text(page, 'seat-error')).toBe(
      'seat=S 不是竞技二打一的座位：seat 应为 0 (1号位)、1 (2号位)、2 (3号位)',
    );
    await open('?match=m&seat=3&preview=1&lang=en');
    expect(await text(page, 'seat-error')).toBe(
      'seat=3 is not a seat of Dou Dizhu: seat is one of 0 (Seat 1), 1 (Seat 2), 2 (Seat 3)',
    );
    await page.close();
  });

  for (const { kind, feed, lang } of FRAMES) {
    it(`${kind} on ${feed} in ${lang}: transparent, as its reference image`, async () => {
      const { page } = await show(kind, feed, lang);
      const shot = await page.screenshot({ omitBackground: true });
      const name = `doudizhu-${kind}.${feed}.${lang}`;
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
