import { defaultRetryDelayMs } from '@tablecast/event-store';

/** What the supervisor needs of a running outbox (EventOutbox). */
export interface SupervisedOutbox {
  /** Settles when it stops: resolves after `stop()`, rejects with the failure that stopped it. */
  readonly done: Promise<void>;
  readonly publishedCount: number;
  stop(): Promise<void>;
}

export interface OutboxSupervisorOptions {
  /** Starts an outbox from its checkpoint. */
  readonly start: () => SupervisedOutbox;
  /** The wait before the n-th restart in a row (n from 1); 100 ms doubling to 5 s by default. */
  readonly retryDelayMs?: (failures: number) => number;
  readonly onFailure?: (error: Error, retryInMs: number) => void;
}

/**
 * Keeps an outbox running: one that gave up on an event (Kafka down past its retries) or stopped
 * unasked is started again from its checkpoint after a backoff, so nothing it had not
 * acknowledged is lost and the commands it trails are never held up by it. The backoff starts
 * over once a restarted outbox has published something.
 */
export class OutboxSupervisor {
  private current: SupervisedOutbox | undefined;
  private stopping = false;
  private restart: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private failure: Error | undefined;
  /** Events published by the outboxes that stopped before the current one. */
  private publishedBefore = 0;

  constructor(private readonly options: OutboxSupervisorOptions) {
    this.run();
  }

  /** Events published (and checkpointed) since the supervisor started. */
  get publishedCount(): number {
    return this.publishedBefore + (this.current?.publishedCount ?? 0);
  }

  /** What stopped the last outbox that stopped, if one did. */
  get lastFailure(): Error | undefined {
    return this.failure;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restart);
    await this.current?.stop();
  }

  private run(): void {
    const outbox = this.options.start();
    this.current = outbox;
    outbox.done.then(
      () => {
        this.stopped(outbox, new Error('the outbox stopped without being asked to'));
      },
      (error: unknown) => {
        this.stopped(outbox, error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  private stopped(outbox: SupervisedOutbox, error: Error): void {
    if (this.stopping) return;
    this.failures = outbox.publishedCount > 0 ? 1 : this.failures + 1;
    this.failure = error;
    this.publishedBefore += outbox.publishedCount;
    this.current = undefined;
    const retryInMs = (this.options.retryDelayMs ?? defaultRetryDelayMs)(this.failures);
    this.options.onFailure?.(error, retryInMs);
    this.restart = setTimeout(() => {
      this.run();
    }, retryInMs);
  }
}
