import type { MessagePort } from 'node:worker_threads';
import type { AppConfig } from '../../config';

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
  | { readonly kind: 'stop' };

/** From the thread to the host. */
export type FromFeedsThread =
  /** Caught up from the log and the ledger, following it live. */
  | { readonly kind: 'started' }
  /** The producer's health as the `feeds` readiness check reads it (sent when it changes). */
  | { readonly kind: 'health'; readonly failure: string | null; readonly clockHealthy: boolean }
  /** Stopped on request; the thread exits next. */
  | { readonly kind: 'stopped' };
