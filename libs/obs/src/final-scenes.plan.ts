import type { ObsSettings } from './obs-connection.port';

/** The overlay pages OBS shows as browser sources (README, "Overlays"; overlays/vite.config.ts). */
export type OverlayPage = 'table' | 'scorebug' | 'moments' | 'standings' | 'lowerthird';

export const OVERLAY_WIDTH = 1920;
export const OVERLAY_HEIGHT = 1080;

/** One source placed in a scene: full frame (overlays, backgrounds) or a centred caption. */
export interface PlannedItem {
  readonly inputName: string;
  readonly inputKind: string;
  readonly settings: ObsSettings;
  readonly placement: 'full-frame' | 'centred';
  /** Lower thirds are placed hidden; the producer (later the auto-director) shows one at a time. */
  readonly enabled: boolean;
}

export interface PlannedScene {
  readonly sceneName: string;
  /** Bottom to top, as OBS stacks newly added items. */
  readonly items: readonly PlannedItem[];
}

export interface FinalScenesPlan {
  readonly sceneCollection: string;
  readonly scenes: readonly PlannedScene[];
}

export const BROWSER_SOURCE = 'browser_source';
const COLOR_SOURCE = 'color_source_v3';
const TEXT_SOURCE = 'text_ft2_source_v2';
/** OBS colours are 0xAABBGGRR: an opaque dark navy behind the break and delay captions. */
const BACKDROP_COLOR = 0xff2e1a1a;

/**
 * The games a final's scenes are set up for. Their pages are the same, but each game draws its table
 * its own way (scene-layout.ts gives each its regions) and names its own seats.
 */
export type FinalGame = 'guandan' | 'doudizhu' | 'bigtwo';
export const FINAL_GAMES: readonly FinalGame[] = ['guandan', 'doudizhu', 'bigtwo'];

/** The seats a game's lower thirds name (`&seat=`): S/E/N/W, or Dou Dizhu's three seats 0/1/2. */
export const FINAL_SEATS: Readonly<Record<FinalGame, readonly string[]>> = {
  guandan: ['S', 'E', 'N', 'W'],
  doudizhu: ['0', '1', '2'],
  bigtwo: ['S', 'E', 'N', 'W'],
};

/**
 * What the overlays of a scene collection follow: one table (`table=`: the match now at that table,
 * then the next one there, without a reload), or the table the producer has on program
 * (`onair=1`). Never one match: a source bound to a match sits on it after it is over.
 */
export type OverlayFollow = { readonly table: string } | { readonly onAir: true };

/** The scene collection of a table's show, or of the show that follows the program table. */
export function sceneCollectionName(follow: OverlayFollow): string {
  return 'table' in follow ? `Tablecast table ${follow.table}` : 'Tablecast on air';
}

/**
 * What a scene collection's overlays follow, read back from its name: a table, the table on
 * program, or (a collection set up by an older build, `Tablecast <matchId>`) one match. Null for a
 * collection the setup did not make.
 */
export function followOfCollection(name: string): OverlayFollow | { readonly matchId: string } | null {
  if (name === 'Tablecast on air') return { onAir: true };
  const table = /^Tablecast table (\S+)$/.exec(name)?.[1];
  if (table !== undefined) return { table };
  const matchId = /^Tablecast (\S+)$/.exec(name)?.[1];
  return matchId === undefined ? null : { matchId };
}

/** The broadcast (delayed) feed in zh-CN, as every on-air overlay uses it. */
export function overlayUrl(baseUrl: string, page: OverlayPage, follow: OverlayFollow, seat?: string): string {
  const url = new URL(`overlays/${page}/`, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  if ('table' in follow) url.searchParams.set('table', follow.table);
  else url.searchParams.set('onair', '1');
  url.searchParams.set('feed', 'broadcast');
  url.searchParams.set('lang', 'zh-CN');
  if (seat !== undefined) url.searchParams.set('seat', seat);
  return url.toString();
}

/**
 * The "other tables" ticker of a tournament's round, in zh-CN; a table's show leaves its own table
 * out (`except=`), as it is the one on screen.
 */
export function tickerUrl(baseUrl: string, tournament: string, follow: OverlayFollow): string {
  const url = new URL('overlays/ticker/', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.searchParams.set('tournament', tournament);
  url.searchParams.set('lang', 'zh-CN');
  if ('table' in follow) url.searchParams.set('except', follow.table);
  return url.toString();
}

function overlay(inputName: string, url: string, enabled = true): PlannedItem {
  return {
    inputName,
    inputKind: BROWSER_SOURCE,
    settings: { url, width: OVERLAY_WIDTH, height: OVERLAY_HEIGHT },
    placement: 'full-frame',
    enabled,
  };
}

function backdrop(inputName: string): PlannedItem {
  return {
    inputName,
    inputKind: COLOR_SOURCE,
    settings: { color: BACKDROP_COLOR, width: OVERLAY_WIDTH, height: OVERLAY_HEIGHT },
    placement: 'full-frame',
    enabled: true,
  };
}

function caption(inputName: string, text: string): PlannedItem {
  return {
    inputName,
    inputKind: TEXT_SOURCE,
    settings: { text, font: { face: 'Noto Sans CJK SC', size: 96, style: 'Bold', flags: 1 } },
    placement: 'centred',
    enabled: true,
  };
}

/**
 * The final's scenes. Input names are global in OBS, so shared overlays (scorebug, moments) are
 * one input placed in several scenes. Break and delay building use no browser source but the
 * ticker, so they stay usable on an OBS without one. The Overhead scene has a lower third for each of the game's
 * seats (three in Dou Dizhu, four otherwise). With a tournament, the Break scene carries the
 * "other tables" ticker along its bottom band (scene-layout.ts): the one scene where nothing else
 * is drawn there; over the Table or Overhead scene it would cover South and the lower third.
 */
export function finalScenesPlan(
  follow: OverlayFollow,
  baseUrl: string,
  game: FinalGame = 'guandan',
  tournament?: string,
): FinalScenesPlan {
  const url = (page: OverlayPage, seat?: string): string => overlayUrl(baseUrl, page, follow, seat);
  const scorebug = overlay('TC scorebug', url('scorebug'));
  const moments = overlay('TC moments', url('moments'));
  return {
    sceneCollection: sceneCollectionName(follow),
    scenes: [
      { sceneName: 'Table', items: [overlay('TC table', url('table')), scorebug, moments] },
      {
        sceneName: 'Overhead',
        items: [
          scorebug,
          moments,
          ...FINAL_SEATS[game].map((seat) =>
            overlay(`TC lower third ${seat}`, url('lowerthird', seat), false),
          ),
        ],
      },
      { sceneName: 'Standings', items: [overlay('TC standings', url('standings'))] },
      {
        sceneName: 'Break',
        items: [
          backdrop('TC break backdrop'),
          caption('TC break caption', '休息 · Break'),
          ...(tournament === undefined ? [] : [overlay('TC ticker', tickerUrl(baseUrl, tournament, follow))]),
        ],
      },
      {
        sceneName: 'Delay building',
        items: [backdrop('TC delay backdrop'), caption('TC delay caption', '延时缓冲中 · Delay building')],
      },
    ],
  };
}
