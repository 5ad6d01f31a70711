import { discloseEvent, isGameEvent, type AnyGameModule } from '@tablecast/game-kit';
import type { FeedEvent } from '@tablecast/protocol';
import { AUDIENCE_RULES, resolveAudience, viewerFor } from './audience-rules';
import type { FeedInput, LoggedEvent } from './feed-input';
import { isPlatformEvent, platformDisclosureOf, publicForm } from './public-events';

/**
 * The one choke point for events: what `audience` may see of this event, or null for nothing.
 * Timing is not decided here but by the release (a delayed audience receives the result only
 * once the event is due); this decides content only.
 * - staff sees everything;
 * - a game event is the game module's to disclose (`discloseEvent`: its disclosure class and
 *   public form; a sealed choice reaches no feed, not even the delayed one);
 * - a platform event goes by the catalog: a `staff`-class one reaches nobody else, the
 *   full-information audiences (broadcast, commentary) see it whole, everyone else (venue, and
 *   any unknown audience) its public form;
 * - an event neither the game's nor the platform's reaches staff only (fail closed).
 */
export function redact(
  module: AnyGameModule,
  input: FeedInput<LoggedEvent>,
  audience: string,
): FeedEvent | null {
  const { event } = input;
  const resolved = resolveAudience(audience);
  let shown: LoggedEvent | null;
  if (resolved === 'staff') shown = event;
  else if (isGameEvent(module, event)) shown = discloseEvent(module, event, viewerFor(resolved));
  else shown = platformForm(event, AUDIENCE_RULES[resolved].sees);
  if (shown === null) return null;
  return {
    type: shown.type,
    data: shown.data,
    revision: input.revision,
    position: input.position,
    recordedAt: input.recordedAt,
  };
}

function platformForm(event: LoggedEvent, sees: 'everything' | 'public'): LoggedEvent | null {
  if (!isPlatformEvent(event)) return null;
  const disclosure = platformDisclosureOf(event);
  if (disclosure === null || disclosure === 'staff') return null;
  return sees === 'everything' ? event : publicForm(event);
}
