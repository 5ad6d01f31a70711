import { tablecastCatalog, type Disclosure, type TablecastEvent } from '@tablecast/events';
import type { FeedEvent } from '@tablecast/protocol';
import { AUDIENCE_RULES, resolveAudience } from './audience-rules';
import type { FeedInput } from './feed-input';
import { publicForm } from './public-events';

/** The event's disclosure class from the catalog; an unclassified event is staff-only (fail closed). */
export function disclosureOf(event: TablecastEvent): Disclosure {
  return tablecastCatalog.definition(event.type)?.disclosure ?? 'staff';
}

/**
 * The one choke point for events: what `audience` may see of this event, or null for nothing.
 * Timing is not decided here but by the release (a delayed audience receives the result only
 * once the event is due); this decides content only.
 * - staff sees everything;
 * - a `staff`-class event reaches nobody else;
 * - full-information audiences (broadcast, commentary) see the event whole;
 * - everyone else (venue, and any unknown audience) sees its public form.
 */
export function redact(input: FeedInput, audience: string): FeedEvent | null {
  const { event } = input;
  const resolved = resolveAudience(audience);
  const rule = AUDIENCE_RULES[resolved];
  const disclosure = disclosureOf(event);
  let shown: { readonly type: string; readonly data: unknown } | null;
  if (resolved === 'staff') shown = event;
  else if (disclosure === 'staff') shown = null;
  else if (rule.sees === 'everything') shown = event;
  else shown = publicForm(event);
  if (shown === null) return null;
  return {
    type: shown.type,
    data: shown.data,
    revision: input.revision,
    position: input.position,
    recordedAt: input.recordedAt,
  };
}
