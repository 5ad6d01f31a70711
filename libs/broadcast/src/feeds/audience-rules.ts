import { BROADCAST, STAFF, VENUE, type Viewer } from '@tablecast/game-kit';
import { isAudience, type Audience } from '@tablecast/bus';

/**
 * What each audience sees and when. This table and `resolveAudience` are the only place
 * an audience name turns into rights:
 * - `staff` (referee, arbiter, producer): everything, live;
 * - `venue` (hall screens, live text): public facts only, live — never a card still in a hand;
 * - `broadcast` (TV, full-information online): everything, as the match was `delay` ago;
 * - `commentary` (the booth, whose words go out on the delayed broadcast): the broadcast's view.
 */
export interface AudienceRule {
  readonly sees: 'everything' | 'public';
  readonly delayed: boolean;
}

export const AUDIENCE_RULES: Readonly<Record<Audience, AudienceRule>> = {
  staff: { sees: 'everything', delayed: false },
  venue: { sees: 'public', delayed: false },
  broadcast: { sees: 'everything', delayed: true },
  commentary: { sees: 'everything', delayed: true },
};

/** The most restricted audience: what an unknown or missing audience name is served (fail closed). */
export const FALLBACK_AUDIENCE: Audience = 'venue';

/** An audience name from a client or a config file; anything unknown becomes `venue`. */
export function resolveAudience(name: string | undefined): Audience {
  return name !== undefined && isAudience(name) ? name : FALLBACK_AUDIENCE;
}

export function ruleFor(audience: string): AudienceRule {
  return AUDIENCE_RULES[resolveAudience(audience)];
}

/**
 * The game module's viewer for an audience: `staff` live with everything, the delayed audiences
 * as the broadcast (everything, the delay applied by the release), everyone else the venue.
 */
export function viewerFor(audience: string): Viewer {
  const rule = ruleFor(audience);
  if (rule.sees === 'public') return VENUE;
  return rule.delayed ? BROADCAST : STAFF;
}
