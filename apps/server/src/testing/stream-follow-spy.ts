import type { Position, ReadStreamOptions } from '@tablecast/event-store';
import { vi } from 'vitest';
import type { AppEventStore } from '../event-store/event-store.module';

/** One subscription that follows `stream` (its filter admits it), as the log was asked for it, and what it handed out. */
export interface StreamFollow {
  /** The `fromPosition` it was asked for (undefined: the default, the log's start). */
  readonly from: Position | 'start' | undefined;
  /** The revisions of the stream's events it delivered, in order. */
  readonly delivered: number[];
}

/**
 * Records every subscription whose filter admits `stream` (one of its prefixes begins the name)
 * that the store is asked for from now on: where it was asked to start and which of the stream's
 * events it delivered. The spy is undone by `vi.restoreAllMocks()`.
 */
export function spyOnStreamFollows(store: AppEventStore, stream: string): StreamFollow[] {
  const follows: StreamFollow[] = [];
  const subscribe = store.subscribeToAll.bind(store);
  vi.spyOn(store, 'subscribeToAll').mockImplementation((options) => {
    const subscription = subscribe(options);
    const filter = options?.filter;
    if (
      filter === undefined ||
      !('streamPrefixes' in filter) ||
      !filter.streamPrefixes.some((prefix) => stream.startsWith(prefix))
    )
      return subscription;
    const follow: StreamFollow = { from: options?.fromPosition, delivered: [] };
    follows.push(follow);
    return {
      async *[Symbol.asyncIterator]() {
        for await (const event of subscription) {
          if (event.stream === stream) follow.delivered.push(event.revision);
          yield event;
        }
      },
      close: () => subscription.close(),
    };
  });
  return follows;
}

/**
 * Runs `append` (another writer on the log) once, at the next read of `stream` with `options`:
 * `before` the read reaches the log or `after` it returned, before its reader goes on.
 */
export function appendAtNextRead(
  store: AppEventStore,
  stream: string,
  when: 'before' | 'after',
  append: () => Promise<void>,
  options?: ReadStreamOptions,
): void {
  const read = store.readStream.bind(store);
  let done = false;
  vi.spyOn(store, 'readStream').mockImplementation(async (name, readOptions) => {
    if (done || name !== stream || JSON.stringify(readOptions) !== JSON.stringify(options))
      return read(name, readOptions);
    done = true;
    if (when === 'before') await append();
    const events = await read(name, readOptions);
    if (when === 'after') await append();
    return events;
  });
}
