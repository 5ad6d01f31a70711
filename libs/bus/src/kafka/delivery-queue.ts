/**
 * Hands fetched frames to a subscription's handler in fetch order, one at a time, starting on the
 * next turn of the event loop rather than inside kafkajs' `eachBatch`.
 *
 * Why: kafkajs sends its next fetch only once `eachBatch` has returned, so with the handler inside
 * it a gateway asks for the next frame only after fanning out the last one to every client: the
 * fetch's wait (a broker's long poll; on the kcat mock, the whole `maxWaitTimeMs`) came on top of
 * the fan-out, and a frame published during a fan-out arrived up to a fan-out plus a wait later.
 * Queued here, `eachBatch` returns at once, kafkajs' next fetch goes out (its request is written in
 * the same turn, before the queue runs), and the fan-out and the wait overlap.
 *
 * Bounded: past `limit` queued frames `push` returns the drain to wait for, so a handler slower
 * than the bus holds kafkajs' fetching back as before instead of growing memory.
 */
export class DeliveryQueue {
  private readonly pending: (() => Promise<void>)[] = [];
  private draining: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly limit: number) {}

  /**
   * Queues one delivery (it must not reject). Returns undefined, or, when more than `limit` are
   * queued, a promise that resolves once the queue has drained.
   */
  push(delivery: () => Promise<void>): Promise<void> | undefined {
    if (this.closed) return undefined;
    this.pending.push(delivery);
    this.draining ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
    return this.pending.length > this.limit ? this.draining : undefined;
  }

  /** Delivers nothing more after the delivery in progress, which the returned promise waits for. */
  close(): Promise<void> {
    this.closed = true;
    this.pending.length = 0;
    return this.draining ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    try {
      for (let next = this.pending.shift(); next !== undefined; next = this.pending.shift()) {
        await next();
        if (this.closed) return;
      }
    } finally {
      this.draining = undefined;
    }
  }
}
