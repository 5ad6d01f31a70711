/** The on-air overlay pages the demo lists for OBS, the table first. */
export const ON_AIR_PAGES = ['table', 'scorebug', 'moments', 'standings', 'lowerthird'] as const;

/**
 * The feed every page on air uses: the delayed broadcast feed. One feed for the whole show, so a
 * scorebug can never show a level change before the delayed table shows the play that made it.
 */
export const ON_AIR_FEED = 'broadcast';

/**
 * The URL of one on-air page for an OBS browser source, set up once per table: `table=` shows the
 * match now at that table and moves to the next one without a reload; `onair=1` (no table) shows
 * the match at the table the producer has on program.
 */
export function onAirUrl(
  baseUrl: string,
  page: (typeof ON_AIR_PAGES)[number],
  follow: { readonly table: string } | { readonly onAir: true },
): string {
  const url = new URL(`overlays/${page}/`, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  if ('table' in follow) url.searchParams.set('table', follow.table);
  else url.searchParams.set('onair', '1');
  url.searchParams.set('feed', ON_AIR_FEED);
  url.searchParams.set('lang', 'zh-CN');
  return url.toString();
}
