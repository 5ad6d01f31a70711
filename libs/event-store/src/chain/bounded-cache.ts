/**
 * A map of at most `2 * limit` entries that keeps what is in use: entries go into the current
 * generation; when it holds `limit`, it becomes the previous one and the one before is dropped.
 * A hit in the previous generation moves the entry into the current one, so an entry still in use
 * survives every turn-over, and one no longer used is gone within two. Each call is a Map lookup
 * or two, with no recency list to keep (the encoder calls this several times per event).
 *
 * The canonical encoder's caches use it: a cache that stopped adding once full (as they did) kept
 * whatever came first, so a long-running server whose first keys or values were one-offs (free
 * text, a `record`'s ids) lost the cache for the shapes and values that repeat.
 */
export class BoundedCache<K, V> {
  private current = new Map<K, V>();
  private previous = new Map<K, V>();

  constructor(private readonly limit: number) {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer`);
  }

  get(key: K): V | undefined {
    const value = this.current.get(key);
    if (value !== undefined) return value;
    const old = this.previous.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: K, value: V): void {
    if (this.current.size >= this.limit) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
  }

  /** Entries held, counting one moved forward but not yet dropped from the previous generation twice. */
  get size(): number {
    return this.current.size + this.previous.size;
  }
}
