import { describeBusMessage, type BusMessage } from '../bus-message';
import { BusUnavailableError } from '../errors';

interface Waiting {
  readonly message: BusMessage;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Sends publishes one batch at a time, in call order. Kafka keeps a partition's order only if a
 * later produce request cannot overtake an earlier one, so overlapping `publish` calls must not
 * become concurrent requests; batching what arrived during a send keeps throughput anyway.
 *
 * Bounded: while Kafka is slow or down, at most `maxQueued` messages wait (the one batch in
 * flight included); a publish past that is refused at once with a BusUnavailableError instead of
 * growing the heap until the process dies. A publisher that awaits each publish (the outbox) is
 * held back by the brokers' pace and never reaches the bound.
 */
export class PublishQueue {
  private waiting: Waiting[] = [];
  private sending: Promise<void> | undefined;
  private inFlight = 0;

  constructor(
    private readonly send: (batch: readonly BusMessage[]) => Promise<void>,
    private readonly maxBatch: number,
    private readonly maxQueued = Number.POSITIVE_INFINITY,
  ) {}

  /** Messages accepted and not yet acknowledged or failed. */
  get size(): number {
    return this.waiting.length + this.inFlight;
  }

  enqueue(message: BusMessage): Promise<void> {
    if (this.size >= this.maxQueued) {
      return Promise.reject(
        new BusUnavailableError(
          `publish queue full: ${this.size} messages wait for Kafka, ${describeBusMessage(message)} was refused`,
        ),
      );
    }
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ message, resolve, reject });
      this.sending ??= this.sendAll();
    });
  }

  /** Resolves once everything enqueued so far has been sent or has failed. */
  async flush(): Promise<void> {
    await this.sending;
  }

  private async sendAll(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.slice(0, this.maxBatch);
      this.waiting = this.waiting.slice(batch.length);
      this.inFlight = batch.length;
      try {
        await this.send(batch.map((entry) => entry.message));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        // Later batches still go out: the feed producer decides how to fill the gap it was told of.
        for (const entry of batch) entry.reject(error);
      } finally {
        this.inFlight = 0;
      }
    }
    this.sending = undefined;
  }
}
