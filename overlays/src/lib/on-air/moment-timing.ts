import type { MomentView } from '@tablecast/protocol';

/** How long each moment stays on air, in ms: calm, long enough to read twice. */
export const MOMENT_ON_AIR_MS: Readonly<Record<MomentView['kind'], number>> = {
  bomb: 5_000,
  tribute: 8_000,
  handEnd: 10_000,
  penalty: 8_000,
};

/**
 * The moment to put on air for a newly shown view, or null. A moment is animated once, when its
 * revision is newer than the last one handled; the one already in the first view a page receives
 * happened before the page was on air and is only marked handled (unless the page is `still`,
 * a reference screenshot, where the latest moment is the picture).
 */
export function momentToShow<Moment extends { readonly revision: number }>(
  moment: Moment | null,
  lastHandled: number | null,
  still: boolean,
): { show: Moment | null; handled: number } {
  if (lastHandled === null) return { show: still ? moment : null, handled: moment?.revision ?? -1 };
  if (moment === null || moment.revision <= lastHandled) return { show: null, handled: lastHandled };
  return { show: moment, handled: moment.revision };
}
