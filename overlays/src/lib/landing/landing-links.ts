import type { Lang } from '../i18n';

/** A staff token's holder, as `GET /api/whoami` answers. */
export interface StaffPrincipal {
  readonly role: string;
  readonly table: string | null;
}

export type LinkKind =
  'console' | 'replay' | 'producer' | 'watch' | 'table' | 'scorebug' | 'moments' | 'standings' | 'lowerthird';

export interface LandingLink {
  readonly kind: LinkKind;
  readonly href: string;
  /** A staff page: opened with the landing page's token, or its own sign-in. */
  readonly staff: boolean;
}

/**
 * The on-air overlays (OBS browser sources) on the delayed feed, bound to the table, not to its
 * match: a source set up once shows each match at the table in turn, without a reload.
 */
export const ON_AIR_PAGES = ['table', 'scorebug', 'moments', 'standings', 'lowerthird'] as const;

/** Which role opens which staff page (the routes' RequireRoles). */
const STAFF_PAGES: readonly { kind: LinkKind; roles: readonly string[]; path: string }[] = [
  { kind: 'console', roles: ['operator', 'referee'], path: '/overlays/console/' },
  { kind: 'replay', roles: ['arbiter'], path: '/overlays/replay/' },
  { kind: 'producer', roles: ['producer'], path: '/producer/' },
];

/**
 * A table's links on the landing page. Public ones always (the spectator site, the on-air
 * pages); staff ones only for a visitor who brought a valid token, and that token goes into a
 * link's `#token=` fragment only where its role opens the page (an operator's only on its own
 * table). Anonymous visitors never get a token, since the page never had one.
 */
export function tableLinks(
  matchId: string,
  table: string,
  lang: Lang,
  staff: { token: string; principal: StaffPrincipal } | null,
): LandingLink[] {
  const match = encodeURIComponent(matchId);
  const tableParam = encodeURIComponent(table);
  const langParam = lang === 'en' ? '&lang=en' : '&lang=zh-CN';
  const links: LandingLink[] = [
    { kind: 'watch', href: `/watch/${match}${lang === 'en' ? '?lang=en' : ''}`, staff: false },
  ];
  for (const page of ON_AIR_PAGES) {
    const seat = page === 'lowerthird' ? '&seat=S' : '';
    links.push({
      kind: page,
      href: `/overlays/${page}/?table=${tableParam}&feed=broadcast${langParam}${seat}`,
      staff: false,
    });
  }
  if (staff === null) return links;
  for (const page of STAFF_PAGES) {
    // An operator's token opens the console of its own table only (`*`: every table).
    const { role, table: own } = staff.principal;
    const opens = page.roles.includes(role) && (role !== 'operator' || own === '*' || own === table);
    const fragment = opens ? `#token=${encodeURIComponent(staff.token)}` : '';
    links.push({ kind: page.kind, href: `${page.path}?match=${match}${langParam}${fragment}`, staff: true });
  }
  return links;
}
