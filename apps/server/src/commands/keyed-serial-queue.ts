/**
 * Runs tasks one at a time per key (a match id), in arrival order, while different keys run
 * concurrently. This is the in-process half of "a match handles one command at a time"; the
 * event store's expected revision is the other half, across processes.
 */
export class KeyedSerialQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    // A failed task must not poison the queue for the commands behind it.
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work queued or running (for metrics and tests). */
  get busyKeys(): number {
    return this.tails.size;
  }
}
