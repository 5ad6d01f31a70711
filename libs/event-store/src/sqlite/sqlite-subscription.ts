import type { StoredEvent, Subscription, SubscriptionFilter } from '../port';
import { positionOf, type Position } from '../position';
import { onAppend } from './append-notifier';
import type { SqliteEventLog } from './sqlite-event-log';

const PAGE = 500;

/** The head check: the last position when subscribing, and whom to tell once it is passed. */
export interface CaughtUpWatch {
  readonly head: number;
  readonly notify: (head: Position | undefined) => void;
}

/**
 * Catch-up and live are one loop: read the next page after the last delivered position; when
 * there is none, sleep until an in-process append wakes us (or the cross-process poll fires).
 * Because every event comes from the same ordered query, there is no hand-over from catch-up to
 * live at which an event could be skipped or delivered twice.
 */
export class SqliteSubscription implements Subscription<StoredEvent> {
  private closed = false;
  private wake: (() => void) | undefined;
  /** Set by every in-process append notice; cleared just before each page is read. */
  private appendedSinceRead = true;

  constructor(
    private readonly log: SqliteEventLog,
    private after: number,
    private readonly filter: SubscriptionFilter | undefined,
    private caughtUp?: CaughtUpWatch,
  ) {}

  async *[Symbol.asyncIterator](): AsyncIterator<StoredEvent> {
    const stop = onAppend(this.log.file, () => {
      this.appendedSinceRead = true;
      this.wake?.();
    });
    try {
      while (!this.closed) {
        this.appendedSinceRead = false;
        // A filtered subscriber that keeps up takes the rows this connection has just committed
        // and skips those its filter leaves out, instead of a query per append.
        const recent =
          this.filter === undefined ? undefined : this.log.readRecentFiltered(this.after, this.filter, PAGE);
        const page = recent?.events ?? this.log.readPageAfter(this.after, this.filter, PAGE);
        for (const event of page) {
          if (!this.isOpen()) return;
          const position = Number(event.position.commit);
          // The first event past the head is not handed out before the subscriber hears it caught up.
          if (position > (this.caughtUp?.head ?? position)) this.checkHead(true);
          this.after = position;
          yield event;
          // Resumed: the consumer has handled this event and asks for the next.
          if (this.isOpen()) this.checkHead(false);
        }
        if (recent !== undefined && this.isOpen()) this.after = Math.max(this.after, recent.through);
        // A short page from the file was read to the log's end, which lies at or past the head
        // as of subscribing; a filtered page may stop short of the head with nothing left to match.
        if (this.isOpen()) this.checkHead(recent === undefined && page.length < PAGE);
        // A short page was the end of the log when it was read. Read again only if an append was
        // announced since (possibly while the consumer held a yielded event); otherwise sleep
        // straight away instead of paying for a query that finds nothing. The check and the sleep
        // run in one synchronous step, so no notice can fall between them; appends by other
        // processes are caught by the sleep's poll, as before.
        if (page.length < PAGE && !this.hasNewAppends() && this.isOpen()) await this.sleep();
      }
    } finally {
      stop();
    }
  }

  /** Tells the subscriber, once, that it has passed the head the log had when it subscribed. */
  private checkHead(readToEnd: boolean): void {
    const watch = this.caughtUp;
    if (watch === undefined || (!readToEnd && this.after < watch.head)) return;
    this.caughtUp = undefined;
    watch.notify(watch.head === 0 ? undefined : positionOf(watch.head));
  }

  /** A method, not a field read, because the flag changes while the generator is suspended. */
  private hasNewAppends(): boolean {
    return this.appendedSinceRead;
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
