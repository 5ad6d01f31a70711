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
  FINAL_SEATS,
  sceneLayoutsFor,
  type Region,
  type ScenePage,
  type SceneLayout,
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
import { worstCaseTournament } from './support/worst-case-tournament';
import { bigtwoBoardEnd, doudizhuRocket, doudizhuSpring } from './support/worst-case-skin-frames';
import { bigtwoWorstCase } from '../overlays/src/games/bigtwo/worst-case-view';
import { doudizhuWorstCase } from '../overlays/src/games/doudizhu/worst-case-view';

/**
 * Every on-air page under worst-case content (e2e/support/worst-case-view.ts: 27 cards in every
 * hand, 64-character names, every tag, each moment), in zh-CN and English, measured in headless
 * Chromium at 1920x1080: every painted box stays inside the title-safe area and inside the regions
 * its scene gives the page (apps/server/src/obs/scene-layout.ts), and no two graphics on air
 * together in a scene overlap. The built server serves the pages; the feed is played to them
 * through an intercepted websocket, one frame per picture. The "other tables" ticker, on air in
 * the Break scene, is measured too with a round wider than its band.
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
  readonly page: ScenePage;
  /** Which state of the page this is, as the scenes combine them (`live`, `delay`, a moment…). */
  readonly variant: string;
  readonly extra: string;
  readonly frame: FeedFrame<unknown>;
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

/** Each page's pictures by state (`live`, `delay`, a moment, a seat…). */
type PicturesByPage = ReadonlyMap<ScenePage, ReadonlyMap<string, Picture>>;

/** Every painted box outside all the regions its scene gives its page. */
function straysFrom(
  layouts: readonly SceneLayout[],
  sets: Iterable<PicturesByPage>,
): { picture: string; box: string }[] {
  const strays: { picture: string; box: string }[] = [];
  for (const byPage of sets) {
    for (const scene of layouts) {
      for (const [page, regions] of Object.entries(scene.pages) as [ScenePage, readonly Region[]][]) {
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
  return strays;
}

/**
 * Every pair of graphics that overlap when their pages are on air together in a scene, each page in
 * any of its states. A delay rebuild reaches the table, the scorebug and the moments at once, so
 * their delay pictures are combined only with one another.
 */
function collisionsIn(layouts: readonly SceneLayout[], sets: Iterable<PicturesByPage>): string[] {
  const collisions = new Set<string>();
  for (const byPage of sets) {
    for (const scene of layouts) {
      const pages = Object.keys(scene.pages) as ScenePage[];
      const states = (page: ScenePage, delay: boolean): Picture[] =>
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
  return [...collisions];
}

/**
 * One picture: the page shown the shot's one frame through an intercepted websocket, measured once
 * its fonts are in. `game` names the game in the label and the screenshot (none for Guandan).
 */
async function takePicture(
  baseUrl: string,
  page: Page,
  lang: string,
  names: NameScript,
  shot: Shot,
  game?: string,
): Promise<Picture> {
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
    `${baseUrl}/overlays/${shot.page}/?match=geometry&feed=broadcast&lang=${lang}&still=1${shot.extra}`,
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
  const label = `${game === undefined ? '' : `${game} `}${shot.page} ${shot.variant} (${lang}, ${names} names)`;
  const file = `geometry-${game === undefined ? '' : `${game}-`}${shot.page}-${shot.variant}.${lang}.png`;
  if (lang === 'zh-CN' ? names === 'cjk' : names === 'latin')
    await page.screenshot({
      path: join(artifactsDir, file),
      omitBackground: true,
    });
  return { label, ...(await page.evaluate(measurePicture)) };
}

describe('on-air pages at worst case: title-safe, in their scene regions, never overlapping', () => {
  const env = useServerAndBrowser();
  /** `${lang}/${names}` -> page -> variant -> picture. */
  const pictures = new Map<string, Map<ScenePage, Map<string, Picture>>>();

  /** The ticker over a worst-case round, played to it through an intercepted tournament socket. */
  const takeTicker = async (page: Page, lang: string, names: NameScript): Promise<Picture> => {
    await page.unrouteAll();
    await page.routeWebSocket(/\/ws\/tournament$/, (socket) => {
      socket.onMessage(() => {
        const view = worstCaseTournament(names);
        socket.send(JSON.stringify({ type: 'tournament', tournamentId: view.tournamentId, seq: 1, view }));
      });
    });
    await page.goto(`${env.url()}/overlays/ticker/?tournament=worst&lang=${lang}`);
    await page.getByTestId('tournament-ticker').waitFor({ timeout: 15_000 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    if (lang === 'zh-CN' ? names === 'cjk' : names === 'latin')
      await page.screenshot({
        path: join(artifactsDir, `geometry-ticker.${lang}.png`),
        omitBackground: true,
      });
    return { label: `ticker (${lang}, ${names} names)`, ...(await page.evaluate(measurePicture)) };
  };

  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    const page = await env.browser().newPage({ viewport: { width: 1920, height: 1080 } });
    for (const lang of LANGS) {
      for (const names of SCRIPTS) {
        // The ticker is one more page of the scenes (the Break scene's bottom band).
        const byPage = new Map<ScenePage, Map<string, Picture>>([
          ['ticker', new Map([['live', await takeTicker(page, lang, names)]])],
        ]);
        for (const shot of shotsFor(names)) {
          const variants = byPage.get(shot.page) ?? new Map<string, Picture>();
          variants.set(shot.variant, await takePicture(env.url(), page, lang, names, shot));
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
    expect(byPicture(straysFrom(SCENE_LAYOUTS, pictures.values()))).toEqual([]);
  });

  it('lets no two graphics on air together in a scene overlap', () => {
    expect(collisionsIn(SCENE_LAYOUTS, pictures.values())).toEqual([]);
  });
});

/** A game of a final with its own table drawing, and its seats as the lower thirds name them. */
type SkinGame = 'doudizhu' | 'bigtwo';

function skinShots(game: SkinGame, names: NameScript): Shot[] {
  const frame = (view: unknown): FeedFrame<unknown> => ({
    type: 'feed',
    matchId: 'geometry',
    audience: 'broadcast',
    seq: 1,
    status: LIVE,
    event: null,
    view,
  });
  const plays =
    game === 'doudizhu'
      ? ([0, 1, 2] as const).map((playing) => ({
          variant: `playing-${String(playing)}`,
          view: doudizhuWorstCase({ names, playing }),
        }))
      : (['S', 'E', 'N', 'W'] as const).map((playing) => ({
          variant: `playing-${playing}`,
          view: bigtwoWorstCase({ names, playing }),
        }));
  // The moments: a rocket and a spring in Dou Dizhu, a board's end in Big Two.
  const moments =
    game === 'doudizhu'
      ? [
          { variant: 'rocket', view: doudizhuRocket(names) },
          { variant: 'spring', view: doudizhuSpring(names) },
        ]
      : [{ variant: 'boardEnd', view: bigtwoBoardEnd(names) }];
  const live = plays[0]?.view;
  return [
    ...[...plays, ...moments].map(({ variant, view }) => ({
      page: 'table' as const,
      variant,
      extra: '',
      frame: frame(view),
    })),
    ...moments.map(({ variant, view }) => ({
      page: 'moments' as const,
      variant,
      extra: '',
      frame: frame(view),
    })),
    { page: 'scorebug', variant: 'live', extra: '', frame: frame(live) },
    // A page opened while the delay builds gets a frame with no view: only the header names the
    // game, and the moments page puts the delay card in that game's moments space.
    ...(['table', 'scorebug', 'moments'] as const).map((page) => ({
      page,
      variant: 'delay',
      extra: '',
      frame: { ...frame(null), game, status: delayBuilding() },
    })),
    { page: 'moments', variant: 'signal', extra: '', frame: frame(live), drop: true },
    ...FINAL_SEATS[game].map((seat) => ({
      page: 'lowerthird' as const,
      variant: `seat-${seat}`,
      extra: `&seat=${seat}`,
      frame: frame(live),
    })),
    { page: 'standings', variant: 'live', extra: '', frame: frame(live) },
  ];
}

describe('Dou Dizhu and Big Two finals at worst case: title-safe, in their scene regions, never overlapping', () => {
  const env = useServerAndBrowser();
  /** `${game}/${lang}/${names}` -> page -> variant -> picture. */
  const pictures = new Map<string, Map<ScenePage, Map<string, Picture>>>();
  const GAMES: readonly SkinGame[] = ['doudizhu', 'bigtwo'];

  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    const page = await env.browser().newPage({ viewport: { width: 1920, height: 1080 } });
    for (const game of GAMES) {
      for (const lang of LANGS) {
        for (const names of SCRIPTS) {
          const byPage = new Map<ScenePage, Map<string, Picture>>();
          for (const shot of skinShots(game, names)) {
            const variants = byPage.get(shot.page) ?? new Map<string, Picture>();
            variants.set(shot.variant, await takePicture(env.url(), page, lang, names, shot, game));
            byPage.set(shot.page, variants);
          }
          pictures.set(`${game}/${lang}/${names}`, byPage);
        }
      }
    }
    await page.close();
  }, 600_000);

  const picturesOf = (game: SkinGame): PicturesByPage[] =>
    [...pictures].filter(([key]) => key.startsWith(`${game}/`)).map(([, byPage]) => byPage);
  const everyPicture = (): Picture[] =>
    [...pictures.values()].flatMap((byPage) => [...byPage.values()].flatMap((v) => [...v.values()]));

  it('draws a graphic in every picture (the measurement sees the page)', () => {
    // While the delay builds only the moments page draws (its delay card); the table and scorebug stay blank.
    const blank = everyPicture().filter(
      (picture) =>
        picture.graphics.length === 0 &&
        !(picture.label.includes(' delay ') && !picture.label.includes(' moments ')),
    );
    expect(blank.map((picture) => picture.label)).toEqual([]);
    expect(everyPicture().length).toBeGreaterThan(0);
  });

  it('keeps every painted box of every page inside the title-safe area', () => {
    const outside = everyPicture().flatMap((picture) =>
      picture.boxes
        .filter((box) => !contains(grown(TITLE_SAFE), box))
        .map((box) => ({ picture: picture.label, box: `${box.what} at ${where(box)}` })),
    );
    expect(byPicture(outside)).toEqual([]);
  });

  for (const game of GAMES) {
    it(`${game}: keeps every page inside the regions its final's scenes give it (scene-layout.ts)`, () => {
      expect(byPicture(straysFrom(sceneLayoutsFor(game), picturesOf(game)))).toEqual([]);
    });

    it(`${game}: lets no two graphics on air together in a scene overlap`, () => {
      expect(collisionsIn(sceneLayoutsFor(game), picturesOf(game))).toEqual([]);
    });
  }
});
