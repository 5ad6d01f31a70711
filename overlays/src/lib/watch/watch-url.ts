/** `/watch/<match>` → the match id (URL-decoded); null for any other path. */
export function watchMatchId(pathname: string): string | null {
  const match = /^\/watch\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The deal a shared link opens (`?deal=N`), and whether it asks for it verified (`#verify`). */
export function linkedDeal(search: string, hash: string): { hand: number; verify: boolean } | null {
  const deal = new URLSearchParams(search).get('deal');
  if (deal === null || !/^[1-9]\d{0,5}$/.test(deal)) return null;
  return { hand: Number(deal), verify: hash === '#verify' };
}

/** The link that opens a finished deal on the spectator site, verified against its commitment. */
export function verifyLink(origin: string, matchId: string, hand: number, lang: 'zh-CN' | 'en'): string {
  const query = new URLSearchParams({ deal: String(hand) });
  if (lang === 'en') query.set('lang', 'en');
  return `${origin}/watch/${encodeURIComponent(matchId)}?${query.toString()}#verify`;
}

/** The same page in the other language (the page's language is fixed by its URL). */
export function otherLangHref(href: string, lang: 'zh-CN' | 'en'): string {
  const url = new URL(href);
  if (lang === 'en') url.searchParams.delete('lang');
  else url.searchParams.set('lang', 'en');
  return url.toString();
}
