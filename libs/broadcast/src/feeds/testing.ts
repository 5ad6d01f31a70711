import type { FeedInput, LoggedEvent } from './feed-input';

/**
 * For the feed specs: event `revision` of a log as the feed receives it, recorded at `at` (ms; a
 * fake clock's or a fixed start plus an offset). Its log position is the revision plus one, as in
 * a log that holds only this match.
 */
export function feedInputAt<E extends LoggedEvent>(event: E, revision: number, at: number): FeedInput<E> {
  return {
    event,
    revision,
    position: String(revision + 1),
    recordedAt: new Date(at).toISOString(),
    recordedAtMs: at,
  };
}
