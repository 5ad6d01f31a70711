import type { NewEvent, TablecastEvent } from '@tablecast/events';
import type { AppEventStore } from '../event-store/event-store.module';

/** An event of a batch handed to the store: its id and data. */
export interface NotedEvent {
  readonly id: string | undefined;
  readonly data: unknown;
}

/** Every batch handed to the store so far, in order; `restore` puts the app's own append back. */
export interface NotedAppends {
  readonly attempts: NotedEvent[][];
  restore(): void;
}

/**
 * Notes the id and data of each event of every batch the app hands its event store from now on
 * whose batch `matches`, written or refused: a store that takes a batch for one it holds by its
 * ids (KurrentDB's idempotent append) keeps the first one's data, so a write tried again must
 * come with the same ids and the same events. Installed after `failAppends`, it sees the refused
 * tries too. The store stays the real one.
 */
export function noteAppends(
  store: AppEventStore,
  matches: (stream: string, events: readonly NewEvent<TablecastEvent>[]) => boolean,
): NotedAppends {
  // The app's store is a plain object whose append is a field (no `this`): every service holds it.
  const mutable = store as { append: AppEventStore['append'] };
  const append = mutable.append;
  const attempts: NotedEvent[][] = [];
  mutable.append = (stream, events, expected, options) => {
    if (matches(stream, events))
      attempts.push(events.map((event) => ({ id: event.metadata.eventId, data: event.data })));
    return append(stream, events, expected, options);
  };
  return {
    attempts,
    restore: () => {
      mutable.append = append;
    },
  };
}
