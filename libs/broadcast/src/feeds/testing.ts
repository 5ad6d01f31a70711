import type { TablecastEvent } from '@tablecast/events';
import type { FeedInput } from './feed-input';

/**
 * For the feed specs: event `revision` of a log as the feed receives it, recorded at `at` (ms; a
 * fake clock's or a fixed start plus an offset). Its log position is the revision plus one, as in
 * a log that holds only this match.
 */
export function feedInputAt(event: TablecastEvent, revision: number, at: number): FeedInput {
  return {
    event,
    revision,
    position: String(revision + 1),
    recordedAt: new Date(at).toISOString(),
    recordedAtMs: at,
  };
}
