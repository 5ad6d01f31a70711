import type { BusMessage } from '../bus-message';
import type { BusDeliveryError } from '../errors';
import { handlerFailure } from '../handler-failure';
import type { BusHandler } from '../port';

/** What happened to a message offered to one subscriber. */
export type OfferResult = 'accepted' | 'overflow' | 'closed';

// Consumed slots are reclaimed in chunks rather than by Array#shift, which is O(n) per message.
const COMPACT_AFTER = 1024;

/**
 * One subscriber's ordered delivery. A synchronous handler is called inside `offer`, so an idle
 * subscriber sees a message before `publish` returns; a handler that returns a promise holds
 * back that subscriber's next message (never anyone else's) until the promise settles.
 */
export class SubscriberQueue {
  private readonly pending: (BusMessage | undefined)[] = [];
  private head = 0;
  private draining = false;
  private closed = false;
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly handler: BusHandler,
    private readonly onError: (error: BusDeliveryError) => void,
    private readonly maxQueued: number,
  ) {}

  get backlog(): number {
    return this.pending.length - this.head;
  }

  offer(message: BusMessage): OfferResult {
    if (this.closed) return 'closed';
    if (this.backlog >= this.maxQueued) return 'overflow';
    this.pending.push(message);
    if (!this.draining) this.drain();
    return 'accepted';
  }

  /** Drops what is queued; resolves once the handler call in progress (if any) has settled. */
  async close(): Promise<void> {
    this.closed = true;
    this.pending.length = 0;
    this.head = 0;
    await this.inFlight;
  }

  private drain(): void {
    this.draining = true;
    while (!this.closed && this.head < this.pending.length) {
      const message = this.take();
      let result: void | Promise<void>;
      try {
        result = this.handler(message);
      } catch (error) {
        this.reportHandlerFailure(message, error);
        continue;
      }
      if (result instanceof Promise) {
        // Stay `draining` so new offers only queue; the loop resumes when the handler settles.
        this.inFlight = result.then(
          () => {
            this.resume();
          },
          (error: unknown) => {
            this.reportHandlerFailure(message, error);
            this.resume();
          },
        );
        return;
      }
    }
    this.draining = false;
  }

  private resume(): void {
    this.inFlight = undefined;
    this.drain();
  }

  private take(): BusMessage {
    const message = this.pending[this.head];
    if (message === undefined) throw new Error('subscriber queue: took from an empty queue');
    this.pending[this.head] = undefined;
    this.head += 1;
    if (this.head === this.pending.length) {
      this.pending.length = 0;
      this.head = 0;
    } else if (this.head >= COMPACT_AFTER) {
      this.pending.splice(0, this.head);
      this.head = 0;
    }
    return message;
  }

  private reportHandlerFailure(message: BusMessage, error: unknown): void {
    this.onError(handlerFailure(message, error));
  }
}
