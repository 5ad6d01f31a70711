import type { TablecastEvent } from '@tablecast/events';

/** The domain part of any event of a match stream: the game's, or the platform's (corrections, appeals). */
export interface LoggedEvent {
  readonly type: string;
  readonly data: unknown;
}

/** One event of a match stream as the feed receives it from the log. */
export interface FeedInput<E extends LoggedEvent = TablecastEvent> {
  readonly event: E;
  readonly revision: number;
  /** The event's global log position as text (`positionToString`), for the disclosure ledger. */
  readonly position: string;
  /** The store's recorded-at (ISO) and the same instant in ms: the release clock counts from it. */
  readonly recordedAt: string;
  readonly recordedAtMs: number;
}
