import type { StoredEvent, Subscription, SubscriptionFilter } from '../port';
import { onAppend } from './append-notifier';
import type { SqliteEventLog } from './sqlite-event-log';

const PAGE = 500;

/**
 * Catch-up and live are one loop: read the next page after the last delivered position; when
 * there is none, sleep until an in-process append wakes us (or the cross-process poll fires).
 * Because every event comes from the same ordered query, there is no hand-over from catch-up to
 * live at which an event could be skipped or delivered twice.
 */
export class SqliteSubscription implements Subscription<StoredEvent> {
  private closed = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly log: SqliteEventLog,
    private after: number,
    private readonly filter: SubscriptionFilter | undefined,
  ) {}

  async *[Symbol.asyncIterator](): AsyncIterator<StoredEvent> {
    const stop = onAppend(this.log.file, () => this.wake?.());
    try {
      while (!this.closed) {
        const page = this.log.readPageAfter(this.after, this.filter, PAGE);
        if (page.length === 0) {
          await this.sleep();
          continue;
        }
        for (const event of page) {
          if (!this.isOpen()) return;
          this.after = Number(event.position.commit);
          yield event;
        }
      }
    } finally {
      stop();
    }
  }

  /** A method, not a field read, because `closed` changes while the generator is suspended. */
  private isOpen(): boolean {
    return !this.closed;
  }

  close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    return Promise.resolve();
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.log.crossProcessPollMs);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }
}
