import type { BusMessage } from '../bus-message';

interface Waiting {
  readonly message: BusMessage;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Sends publishes one batch at a time, in call order. Kafka keeps a partition's order only if a
 * later produce request cannot overtake an earlier one, so overlapping `publish` calls must not
 * become concurrent requests; batching what arrived during a send keeps throughput anyway.
 */
export class PublishQueue {
  private waiting: Waiting[] = [];
  private sending: Promise<void> | undefined;

  constructor(
    private readonly send: (batch: readonly BusMessage[]) => Promise<void>,
    private readonly maxBatch: number,
  ) {}

  enqueue(message: BusMessage): Promise<void> {
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
      try {
        await this.send(batch.map((entry) => entry.message));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        // Later batches still go out: the feed producer decides how to fill the gap it was told of.
        for (const entry of batch) entry.reject(error);
      }
    }
    this.sending = undefined;
  }
}
