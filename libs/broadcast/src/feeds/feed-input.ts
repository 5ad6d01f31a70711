import type { TablecastEvent } from '@tablecast/events';

/** One event of a match stream as the feed receives it from the log. */
export interface FeedInput {
  readonly event: TablecastEvent;
  readonly revision: number;
  /** The event's global log position as text (`positionToString`), for the disclosure ledger. */
  readonly position: string;
  /** The store's recorded-at (ISO) and the same instant in ms: the release clock counts from it. */
  readonly recordedAt: string;
  readonly recordedAtMs: number;
}
