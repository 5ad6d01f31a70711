/** Presents a synchronous iterable (better-sqlite3 reads) through the async port without a generator per event. */
export function asAsyncIterable<T>(iterable: Iterable<T>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const iterator = iterable[Symbol.iterator]();
      return {
        next: () => Promise.resolve(iterator.next()),
        return: (value?: unknown) => {
          iterator.return?.(value);
          return Promise.resolve({ done: true, value: undefined });
        },
      };
    },
  };
}
