/**
 * Presents a synchronous iterable (better-sqlite3 reads) through the async port without a generator
 * per event, mapping each item on the way when `map` is given.
 */
export function asAsyncIterable<T, U = T>(iterable: Iterable<T>, map?: (item: T) => U): AsyncIterable<U> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<U> {
      const iterator = iterable[Symbol.iterator]();
      return {
        next: () => {
          const result = iterator.next();
          if (result.done === true || map === undefined) {
            return Promise.resolve(result as IteratorResult<unknown> as IteratorResult<U>);
          }
          return Promise.resolve({ done: false, value: map(result.value) });
        },
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
