import { resolveLang } from '../i18n';
import type { PageIdentity } from './feed-connection';
import { readPageParams } from './page-params';

/** The seat ids any game's lower third names fit this (S, E, N, W; 0, 1, 2): the announce's limit. */
const SEAT_ID = /^[A-Za-z0-9]{1,8}$/;

/**
 * Set by Vite at build time (overlays/build-id.ts): a hash of the sources the bundle is built
 * from, so a page left on an old bundle shows up in the producer's list. `dev` when unbundled.
 */
declare const __TABLECAST_BUILD__: string | undefined;
export const BUILD_ID: string = typeof __TABLECAST_BUILD__ === 'string' ? __TABLECAST_BUILD__ : 'dev';

/** The page's name from its URL: `/overlays/moments/` → `moments`, `/watch/F1` → `watch`. */
export function pageNameOf(pathname: string): string {
  const segments = pathname.split('/').filter((s) => s !== '' && !s.endsWith('.html'));
  const name = segments[0] === 'overlays' ? (segments[1] ?? 'overlays') : (segments[0] ?? 'page');
  return name.slice(0, 64);
}

/**
 * What a page served at `location` announces about itself: with what it follows (a table, or the
 * program) and its seat, so the producer's list, and its thumbnails, show the page as OBS loads it.
 */
export function pageIdentity(location: { pathname: string; search: string }): PageIdentity {
  const params = readPageParams(location.search);
  return {
    page: pageNameOf(location.pathname),
    build: BUILD_ID,
    lang: resolveLang(new URLSearchParams(location.search).get('lang')),
    ...(params.follow === null ? {} : { follow: params.follow }),
    ...(params.seat !== null && SEAT_ID.test(params.seat) ? { seat: params.seat } : {}),
  };
}

/**
 * A live thumbnail in the producer's dashboard (`thumbnail=1`): a picture of a page on the list,
 * so it does not announce itself as one more page on it.
 */
export function isThumbnail(search: string): boolean {
  return new URLSearchParams(search).get('thumbnail') === '1';
}
