import type { FeedEvent } from '@tablecast/protocol';

/**
 * One finished deal as the broadcast feed released it: its events from its `HandStarted` to the
 * next deal's (the reveal of its deck comes after its `HandEnded`). Null until the feed has
 * released that deal's `HandEnded`: a deal in play, or one still inside the delay, is not shown.
 * A deal played again after a correction is taken from its last start.
 */
export function releasedDeal(events: readonly FeedEvent[], handNumber: number): FeedEvent[] | null {
  const handOf = (event: FeedEvent): number | null => {
    const data = event.data as { handNumber?: unknown } | null;
    return typeof data?.handNumber === 'number' ? data.handNumber : null;
  };
  let start = -1;
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i];
    if (event?.type === 'HandStarted' && event.data !== null && handOf(event) === handNumber) {
      start = i;
      break;
    }
  }
  if (start < 0) return null;
  let end = events.length;
  for (let i = start + 1; i < events.length; i += 1) {
    if (events[i]?.type === 'HandStarted') {
      end = i;
      break;
    }
  }
  const deal = events.slice(start, end);
  return deal.some((e) => e.type === 'HandEnded' && handOf(e) === handNumber) ? deal : null;
}
