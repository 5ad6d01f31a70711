import type { FeedReadQuery } from './feeds-thread.protocol';
import { FeedsThreadUnavailableError } from './feeds-thread-unavailable.error';

/**
 * How long a reader waits for the feeds thread's answer. A settled match's feed is built from its
 * stream on the first read: a long match read on a loaded thread takes a while, a hung thread forever.
 */
export const READ_ANSWER_MS = 10_000;

interface Pending {
  readonly method: string;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * The reads asked of the feeds thread and not answered yet, by id: each ends with the thread's
 * answer, its refusal, the read's bound, or the thread's end (a thread that died answers nothing).
 */
export class PendingReads {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly answerWithinMs = READ_ANSWER_MS) {}

  /** Posts `query` with a fresh id (through `post`) and resolves with its answer. */
  ask(query: FeedReadQuery, post: (id: number, query: FeedReadQuery) => void): Promise<unknown> {
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new FeedsThreadUnavailableError(
            `the feeds thread did not answer ${query.method} within ${String(this.answerWithinMs)} ms; ask again`,
          ),
        );
      }, this.answerWithinMs);
      this.pending.set(id, { method: query.method, resolve, reject, timer });
      post(id, query);
    });
  }

  answered(id: number, value: unknown): void {
    this.take(id)?.resolve(value);
  }

  /** The thread's reader threw: a fault of the read (500), not of the thread. */
  refused(id: number, message: string): void {
    const read = this.take(id);
    read?.reject(new Error(`the feeds thread could not answer ${read.method}: ${message}`));
  }

  /** The thread ended: every read still waiting is refused, naming why. */
  failAll(why: string): void {
    for (const id of [...this.pending.keys()]) {
      const read = this.take(id);
      read?.reject(
        new FeedsThreadUnavailableError(
          `the feeds thread ended (${why}) before it answered ${read.method}; ask again`,
        ),
      );
    }
  }

  private take(id: number): Pending | undefined {
    const read = this.pending.get(id);
    if (read === undefined) return undefined;
    this.pending.delete(id);
    clearTimeout(read.timer);
    return read;
  }
}
