/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Page functions run in Chromium: they need the DOM types.
import type { FeedFrame } from '@tablecast/protocol';
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SCENE_LAYOUTS,
  TITLE_SAFE,
  contains,
  intersects,
  type Region,
  type OverlayPage,
} from '@tablecast/obs';
import { measurePicture, type Box } from './support/measure-picture';
import { artifactsDir } from './support/repo';
import { useServerAndBrowser } from './support/server-and-browser';
import {
  LIVE,
  delayBuilding,
  frameFor,
  worstCaseView,
  type NameScript,
  type WorstCase,
} from './support/worst-case-view';

/**
 * Every on-air page under worst-case content (e2e/support/worst-case-view.ts: 27 cards in every
 * hand, 64-character names, every tag, each moment), in zh-CN and English, measured in headless
 * Chromium at 1920x1080: every painted box stays inside the title-safe area and inside the regions
 * its scene gives the page (apps/server/src/obs/scene-layout.ts), and no two graphics on air
 * together in a scene overlap. The built server serves the pages; the feed is played to them
 * through an intercepted websocket, one frame per picture.
 */

type Seat = 'S' | 'E' | 'N' | 'W';
const SEATS: readonly Seat[] = ['S', 'E', 'N', 'W'];
const LANGS = ['zh-CN', 'en'] as const;
const SCRIPTS: readonly NameScript[] = ['cjk', 'latin'];
const MOMENTS = ['bomb', 'tribute', 'handEnd', 'penalty'] as const;

/** What one page drew: every painted box, and the box of each graphic (a panel, a card, a bug). */
interface Picture {
  readonly label: string;
  readonly boxes: readonly Box[];
  readonly graphics: readonly Box[];
}

/** One picture to take: a page, its URL extras, the frame it is shown. */
interface Shot {
  readonly page: OverlayPage;
  /** Which state of the page this is, as the scenes combine them (`live`, `delay`, a moment…). */
  readonly variant: string;
  readonly extra: string;
  readonly frame: FeedFrame;
  /** The server goes away after the frame (lost signal: the moments page draws its card). */
  readonly drop?: boolean;
}

function shotsFor(names: NameScript): Shot[] {
  const live = (worst: Partial<WorstCase>): FeedFrame =>
    frameFor('geometry', LIVE, worstCaseView({ names, turn: 'E', moment: null, ...worst }));
  const building = frameFor('geometry', delayBuilding(), worstCaseView({ names, turn: 'E', moment: null }));
  return [
    ...SEATS.map((turn) => ({
      page: 'table' as const,
      variant: `turn-${turn}`,
      extra: '',
      frame: live({ turn }),
    })),
    { page: 'table', variant: 'ended', extra: '', frame: live({ ended: true }) },
    { page: 'table', variant: 'delay', extra: '', frame: building },
    { page: 'scorebug', variant: 'live', extra: '', frame: live({}) },
    { page: 'scorebug', variant: 'delay', extra: '', frame: building },
    ...MOMENTS.map((moment) => ({
      page: 'moments' as const,
      variant: moment,
      extra: '',
      frame: live({ moment }),
    })),
    { page: 'moments', variant: 'delay', extra: '', frame: building },
    { page: 'moments', variant: 'signal', extra: '', frame: live({ moment: 'handEnd' }), drop: true },
    ...SEATS.map((seat) => ({
      page: 'lowerthird' as const,
      variant: `seat-${seat}`,
      extra: `&seat=${seat}`,
      frame: live({}),
    })),
    { page: 'standings', variant: 'live', extra: '', frame: live({}) },
  ];
}

/**
 * The scorebug's widest, with the longest names the setup allows cut by the on-air name rule
 * (lib/on-air/short-name.ts, and .fit-name behind it): both teams at 8 Chinese characters, their
 * levels and the longest progress line (deals and time left) fit 1,400 px of the top band's 1,728
 * (about 1,260 px in zh-CN and 1,360 px in English), leaving the band's right end to the picture.
 */
const SCOREBUG_MAX_WIDTH = 1400;

/** Sub-pixel text metrics may round either way. */
const SLACK = 0.5;
const grown = (r: Region): Region => ({
  x: r.x - SLACK,
  y: r.y - SLACK,
  width: r.width + 2 * SLACK,
  height: r.height + 2 * SLACK,
});
const where = (r: Region): string =>
  `[${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}]`;

/** Offences grouped by picture, each with its count and its first box: readable when many fail. */
function byPicture(offences: readonly { readonly picture: string; readonly box: string }[]): string[] {
  const grouped = new Map<string, string[]>();
  for (const { picture, box } of offences) grouped.set(picture, [...(grouped.get(picture) ?? []), box]);
  return [...grouped].map(
    ([picture, boxes]) => `${picture}: ${String(boxes.length)} boxes, first ${boxes[0] ?? ''}`,
  );
}

/** Every choice of one item from each list. */
function combinations<T>(lists: readonly (readonly T[])[]): T[][] {
  return lists.reduce<T[][]>((acc, list) => acc.flatMap((done) => list.map((item) => [...done, item])), [[]]);
}

describe('on-air pages at worst case: title-safe, in their scene regions, never overlapping', () => {
  const env = useServerAndBrowser();
  /** `${lang}/${names}` -> page -> variant -> picture. */
  const pictures = new Map<string, Map<OverlayPage, Map<string, Picture>>>();

  const take = async (page: Page, lang: string, names: NameScript, shot: Shot): Promise<Picture> => {
    await page.unrouteAll();
    let connections = 0;
    await page.routeWebSocket(/\/ws$/, (socket) => {
      connections += 1;
      if (shot.drop === true && connections > 1) {
        void socket.close();
        return;
      }
      socket.onMessage((message) => {
        const parsed = JSON.parse(message.toString()) as {
          type: string;
          matchId?: string;
          audience?: string;
        };
        if (parsed.type !== 'subscribe') return;
        const matchId = parsed.matchId ?? shot.frame.matchId;
        socket.send(
          JSON.stringify({
            type: 'subscribed',
            matchId,
            audience: 'broadcast',
            latestSeq: 1,
            resumed: false,
          }),
        );
        socket.send(JSON.stringify({ ...shot.frame, matchId }));
        if (shot.drop === true) void socket.close();
      });
    });
    await page.goto(
      `${env.url()}/overlays/${shot.page}/?match=geometry&feed=broadcast&lang=${lang}&still=1${shot.extra}`,
    );
    await page.waitForFunction(
      () => document.querySelector('[data-testid="stage"]')?.getAttribute('data-seq') === '1',
      undefined,
      { timeout: 15_000 },
    );
    if (shot.drop === true)
      await page.waitForFunction(
        () => document.querySelector('[data-testid="stage"]')?.getAttribute('data-signal') === 'lost',
        undefined,
        { timeout: 15_000 },
      );
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const label = `${shot.page} ${shot.variant} (${lang}, ${names} names)`;
    if (lang === 'zh-CN' ? names === 'cjk' : names === 'latin')
      await page.screenshot({
        path: join(artifactsDir, `geometry-${shot.page}-${shot.variant}.${lang}.png`),
        omitBackground: true,
      });
    return { label, ...(await page.evaluate(measurePicture)) };
  };

  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    const page = await env.browser().newPage({ viewport: { width: 1920, height: 1080 } });
    for (const lang of LANGS) {
      for (const names of SCRIPTS) {
        const byPage = new Map<OverlayPage, Map<string, Picture>>();
        for (const shot of shotsFor(names)) {
          const variants = byPage.get(shot.page) ?? new Map<string, Picture>();
          variants.set(shot.variant, await take(page, lang, names, shot));
          byPage.set(shot.page, variants);
        }
        pictures.set(`${lang}/${names}`, byPage);
      }
    }
    await page.close();
  }, 600_000);

  const everyPicture = (): Picture[] =>
    [...pictures.values()].flatMap((byPage) => [...byPage.values()].flatMap((v) => [...v.values()]));

  it('draws something in every live picture (the measurement sees the page)', () => {
    for (const picture of everyPicture()) {
      if (picture.label.includes(' delay ') && !picture.label.startsWith('moments')) continue;
      expect(picture.graphics.length, picture.label).toBeGreaterThan(0);
    }
  });

  it('keeps every painted box of every page inside the title-safe area', () => {
    const outside = everyPicture().flatMap((picture) =>
      picture.boxes
        .filter((box) => !contains(grown(TITLE_SAFE), box))
        .map((box) => ({ picture: picture.label, box: `${box.what} at ${where(box)}` })),
    );
    expect(byPicture(outside)).toEqual([]);
  });

  it(`keeps the scorebug within ${String(SCOREBUG_MAX_WIDTH)} px with the longest names (the on-air name rule)`, () => {
    const widths = [...pictures.values()].flatMap((byPage) =>
      [...(byPage.get('scorebug')?.values() ?? [])].flatMap((picture) =>
        picture.graphics
          .filter((graphic) => graphic.what === 'scorebug')
          .map((graphic) => ({ picture: picture.label, width: Math.round(graphic.width) })),
      ),
    );
    // Both scripts of names in both languages, live (the delay picture has no scorebug drawn).
    expect(widths.length).toBeGreaterThanOrEqual(4);
    expect(widths.filter(({ width }) => width > SCOREBUG_MAX_WIDTH)).toEqual([]);
  });

  it('keeps every page inside the regions its scene gives it (scene-layout.ts)', () => {
    const strays: { picture: string; box: string }[] = [];
    for (const scene of SCENE_LAYOUTS) {
      for (const [page, regions] of Object.entries(scene.pages) as [OverlayPage, readonly Region[]][]) {
        for (const byPage of pictures.values()) {
          for (const picture of byPage.get(page)?.values() ?? []) {
            for (const box of picture.boxes) {
              if (!regions.some((region) => contains(grown(region), box)))
                strays.push({
                  picture: `${scene.sceneName}: ${picture.label}`,
                  box: `${box.what} at ${where(box)}`,
                });
            }
          }
        }
      }
    }
    expect(byPicture(strays)).toEqual([]);
  });

  it('lets no two graphics on air together in a scene overlap', () => {
    const collisions = new Set<string>();
    for (const scene of SCENE_LAYOUTS) {
      const pages = Object.keys(scene.pages) as OverlayPage[];
      for (const byPage of pictures.values()) {
        // A delay rebuild reaches every page of the scene at once; otherwise any state of each.
        const states = (page: OverlayPage, delay: boolean): Picture[] =>
          [...(byPage.get(page)?.entries() ?? [])]
            .filter(
              ([variant]) =>
                (variant === 'delay') === delay ||
                (page !== 'table' && page !== 'scorebug' && page !== 'moments'),
            )
            .map(([, picture]) => picture);
        for (const delay of [false, true]) {
          for (const together of combinations(pages.map((page) => states(page, delay)))) {
            const graphics = together.flatMap((picture) =>
              picture.graphics.map((graphic) => ({ ...graphic, from: picture.label })),
            );
            graphics.forEach((a, i) => {
              for (const b of graphics.slice(i + 1)) {
                if (intersects(a, b))
                  collisions.add(
                    `${scene.sceneName}: ${a.from} ${a.what} ${where(a)} / ${b.from} ${b.what} ${where(b)}`,
                  );
              }
            });
          }
        }
      }
    }
    expect([...collisions]).toEqual([]);
  });
});
