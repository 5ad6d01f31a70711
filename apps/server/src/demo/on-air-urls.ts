/** The on-air overlay pages the demo lists for OBS, the table first. */
export const ON_AIR_PAGES = ['table', 'scorebug', 'moments', 'standings', 'lowerthird'] as const;

/**
 * The feed every page on air uses: the delayed broadcast feed. One feed for the whole show, so a
 * scorebug can never show a level change before the delayed table shows the play that made it.
 */
export const ON_AIR_FEED = 'broadcast';

/** The URL of one on-air page of the demo's match, for an OBS browser source. */
export function onAirUrl(baseUrl: string, page: (typeof ON_AIR_PAGES)[number], matchId: string): string {
  const url = new URL(`overlays/${page}/`, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.searchParams.set('match', matchId);
  url.searchParams.set('feed', ON_AIR_FEED);
  url.searchParams.set('lang', 'zh-CN');
  return url.toString();
}
