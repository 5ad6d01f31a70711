import type { NewEvent, TablecastEvent } from '@tablecast/events';
import type { AppEventStore } from '../event-store/event-store.module';

/**
 * How a refused append fails: `before` nothing is written (the log busy, down); `after` the events
 * are written and then the answer is lost (a connection dropped after the commit).
 */
export type AppendFailure = 'before' | 'after';

export interface FailingAppends {
  /** Appends refused so far. */
  readonly failed: number;
  /** Puts the app's own append back. */
  restore(): void;
}

/**
 * Makes the app's event store (the object every service of the app holds) refuse its next `count`
 * appends whose batch `matches`, with `error()`, before or after writing them; every other append
 * goes through as before. The store itself stays the real one (real SQLite).
 */
export function failAppends(
  store: AppEventStore,
  options: {
    readonly count: number;
    readonly error: () => Error;
    readonly when?: AppendFailure;
    readonly matches?: (stream: string, events: readonly NewEvent<TablecastEvent>[]) => boolean;
  },
): FailingAppends {
  // The app's store is a plain object whose append is a field (no `this`): every service holds it.
  const mutable = store as { append: AppEventStore['append'] };
  const original = mutable.append;
  const state = { failed: 0 };
  mutable.append = async (stream, events, expected, appendOptions) => {
    const refuse = state.failed < options.count && (options.matches?.(stream, events) ?? true);
    if (refuse && (options.when ?? 'before') === 'before') {
      state.failed += 1;
      throw options.error();
    }
    const result = await original(stream, events, expected, appendOptions);
    if (refuse) {
      state.failed += 1;
      throw options.error();
    }
    return result;
  };
  return {
    get failed() {
      return state.failed;
    },
    restore() {
      mutable.append = original;
    },
  };
}

/** The error the SQLite log throws when another writer held its lock past the wait (a 503 at the edge). */
export function logBusyError(): Error {
  return Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
}
