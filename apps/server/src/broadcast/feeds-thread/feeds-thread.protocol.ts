import type { MessagePort } from 'node:worker_threads';
import type { AppConfig } from '../../config';
import type { FeedReads } from '../feed-reads';

/** The questions the main thread's readers ask the thread's producer: every `FeedReads` but the pushed delays. */
export type FeedReadMethod = Exclude<keyof FeedReads, 'delayOf'>;

/** One read: the method of `FeedReads` and its arguments. */
export type FeedReadQuery = {
  readonly [M in FeedReadMethod]: { readonly method: M; readonly args: Parameters<FeedReads[M]> };
}[FeedReadMethod];

/** What the feeds thread is started with (its workerData). */
export interface FeedsThreadData {
  /** The server's configuration: the thread opens the same log and ledger files. */
  readonly config: AppConfig;
  /** The publishing end of the frames' port (createMessagePortPublisher). */
  readonly frames: MessagePort;
  /**
   * The process's first thread: every frame archived before counts as sent (the former process's
   * bus ended with it). A restarted thread sends again what the last one may not have posted.
   */
  readonly firstInProcess: boolean;
}

/** From the host to the thread (its parentPort). */
export type ToFeedsThread =
  /** An append committed on the host's connection to the log: read the log now, not at the next poll. */
  | { readonly kind: 'appended' }
  /** Stop: the producer's last turn written and sent, the frames' port drained, the files closed. */
  | { readonly kind: 'stop' }
  /** A reader's question, answered by `answer` or `refused` with the same id. */
  | { readonly kind: 'read'; readonly id: number; readonly query: FeedReadQuery };

/** From the thread to the host. */
export type FromFeedsThread =
  /** Caught up from the log and the ledger, following it live. */
  | { readonly kind: 'started' }
  /** The producer's health as the `feeds` readiness check reads it (sent when it changes). */
  | { readonly kind: 'health'; readonly failure: string | null; readonly clockHealthy: boolean }
  /** Stopped on request; the thread exits next. */
  | { readonly kind: 'stopped' }
  /** The answer to the read of that id (plain data, as `FeedReads` returns it). */
  | { readonly kind: 'answer'; readonly id: number; readonly value: unknown }
  /** The read of that id failed in the thread: why. */
  | { readonly kind: 'refused'; readonly id: number; readonly message: string }
  /** Matches whose delay in force changed (or was first known), each with it: the delay clocks read these. */
  | { readonly kind: 'delays'; readonly delays: readonly (readonly [string, number])[] };
