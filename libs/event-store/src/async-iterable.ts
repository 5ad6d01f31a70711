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

/** `map` over an async iterable without an async generator (one promise per item instead of two). */
export function mapAsyncIterable<T, U>(source: AsyncIterable<T>, map: (item: T) => U): AsyncIterable<U> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<U> {
      const iterator = source[Symbol.asyncIterator]();
      return {
        next: async () => {
          const result = await iterator.next();
          return result.done === true
            ? { done: true, value: undefined }
            : { done: false, value: map(result.value) };
        },
        return: async () => {
          await iterator.return?.();
          return { done: true, value: undefined };
        },
      };
    },
  };
}

export function* mapIterable<T, U>(source: Iterable<T>, map: (item: T) => U): Generator<U> {
  for (const item of source) yield map(item);
}
