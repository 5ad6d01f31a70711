import { describeIssues, type ValidationIssue } from '@tablecast/events';
import type { ExpectedRevision } from './port';

/**
 * Typed errors thrown at the store's edge (the HTTP layer maps them to 409 / 400 / 500). Domain
 * code that wants values can catch them with `instanceof` right at the call site.
 */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** The stream's last revision when the append was refused, or 'no_stream'. */
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${stream}: expected revision ${String(expected)}, but it is at ${String(actual)}`);
  }
}

/** A batch refused before storage; nothing of it was written. */
export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
  constructor(readonly issues: readonly ValidationIssue[]) {
    super(`invalid event: ${describeIssues(issues)}`);
  }
}

/** A stored event this build cannot read (unknown type, newer schema, failed upcast). */
export class UnreadableEventError extends Error {
  override readonly name = 'UnreadableEventError';
  constructor(
    readonly stream: string,
    readonly revision: number,
    readonly issues: readonly ValidationIssue[],
  ) {
    super(`stored event ${stream}@${revision} cannot be read: ${describeIssues(issues)}`);
  }
}

/**
 * A stream whose last stored event is not its recorded head: events were deleted or rewritten
 * under the store. Appending would bury the evidence, so the store refuses (tablecast verify names it).
 */
export class StreamHeadMismatchError extends Error {
  override readonly name = 'StreamHeadMismatchError';
  constructor(
    readonly stream: string,
    readonly recorded: { readonly revision: number; readonly hash: string } | undefined,
    readonly actual: { readonly revision: number; readonly hash: string } | undefined,
  ) {
    const show = (head: { revision: number; hash: string } | undefined): string =>
      head === undefined ? 'none' : `revision ${head.revision} (${head.hash.slice(0, 12)}…)`;
    super(
      `stream ${stream}: recorded head is ${show(recorded)} but the last stored event is ${show(actual)}; run tablecast verify`,
    );
  }
}

/**
 * Whether `error` is the log refusing a write because another writer held the file's write lock
 * past the busy timeout (SQLite's SQLITE_BUSY, "database is locked"; another process's catch-up or
 * checkpoint). Nothing of the write went in, and the same write may succeed a moment later: it is
 * a temporary refusal (503), not a fault of the server.
 */
export function isLogBusyError(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const code = error.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** Why the store could not take or answer a call right now (a temporary state, not a refusal of it). */
export type LogUnavailableReason =
  /** The node reached is not (or no longer) the cluster's leader: an election, or a follower reached. */
  | 'notLeader'
  /** The store could not be reached: connection refused or dropped, the channel torn down. */
  | 'unavailable'
  /** The store did not answer within the call's deadline. */
  | 'deadlineExceeded';

/**
 * The event store could not be reached or could not serve the call now (a leader election, a
 * dropped connection, a deadline). Store-neutral: the server answers 503 with `Retry-After`,
 * whichever log threw it. Nothing of a failed append is taken as written, although the store may
 * have written it before the answer was lost: see the KurrentDB adapter on why sending the same
 * write again is safe.
 */
export class LogUnavailableError extends Error {
  override readonly name = 'LogUnavailableError';
  constructor(
    /** The store, as a person names it (its description: no credentials). */
    readonly store: string,
    readonly reason: LogUnavailableReason,
    /** How long a client waits before sending the same request again. */
    readonly retryAfterSeconds: number,
    options?: { readonly cause?: unknown },
  ) {
    super(
      `${store} is unavailable (${reason}): the request was not done, send the same request again`,
      options,
    );
  }
}

/** The stream was deleted in the store: nothing can be appended to it or read from it again. */
export class StreamDeletedError extends Error {
  override readonly name = 'StreamDeletedError';
  constructor(readonly stream: string) {
    super(`stream ${stream} was deleted in the event store; nothing was written`);
  }
}

/** A batch bigger than the store takes in one append; nothing of it was written. */
export class AppendTooLargeError extends Error {
  override readonly name = 'AppendTooLargeError';
  constructor(
    readonly stream: string,
    /** The store's limit in bytes, when it names one. */
    readonly maxBytes: number | undefined,
  ) {
    super(
      `the batch for stream ${stream} is larger than the event store takes in one append${maxBytes === undefined ? '' : ` (${maxBytes} bytes)`}; nothing was written`,
    );
  }
}
