import {
  AppendTooLargeError,
  InvalidEventError,
  isLogBusyError,
  LeaseFencedError,
  LogUnavailableError,
  StreamDeletedError,
  StreamHeadMismatchError,
  WrongExpectedRevisionError,
} from '@tablecast/event-store';
import { DomainError } from '../errors/domain-error';
import { RuleViolationError, StaleRevisionError } from './match.errors';

/**
 * Why a write the server makes on its own, with no one to resend it (a turn clock's default, a
 * duplicate board's reveal), was refused, as the writer must react to it:
 * - `stale`: the match moved on first (a move beat the clock, another writer): read it again;
 * - `temporary`: the log did not take it this time (busy past its wait, unavailable, an I/O error,
 *   a dropped connection): the same write may go in a moment later, so it is sent again after a
 *   backoff;
 * - `rule`: the rules refuse it (the body's rule ID): the same every time, so never resent; it is
 *   reported loudly, for no player will notice a table waiting on a clock that ran out;
 * - `final`: another answer that waiting does not change (a fenced lease, an invalid event, a
 *   tampered stream head, a deleted stream, a batch over the append size, a refusal of the edge):
 *   never resent either.
 */
export type OwnWriteRefusal =
  | { readonly kind: 'stale' }
  | { readonly kind: 'temporary' }
  | { readonly kind: 'rule'; readonly rule: string }
  | { readonly kind: 'final'; readonly reason: string };

export function ownWriteRefusal(error: unknown): OwnWriteRefusal {
  if (error instanceof StaleRevisionError) return { kind: 'stale' };
  if (error instanceof RuleViolationError) return { kind: 'rule', rule: error.rule };
  if (isLogBusyError(error) || error instanceof LogUnavailableError) return { kind: 'temporary' };
  // A 503 of the server's own (a process not in charge right now): a later try may be taken.
  if (error instanceof DomainError)
    return error.kind === 'unavailable' ? { kind: 'temporary' } : { kind: 'final', reason: error.kind };
  if (error instanceof LeaseFencedError) return { kind: 'final', reason: 'leaseFenced' };
  if (error instanceof InvalidEventError) return { kind: 'final', reason: 'invalidEvent' };
  if (error instanceof StreamHeadMismatchError) return { kind: 'final', reason: 'streamHeadMismatch' };
  if (error instanceof WrongExpectedRevisionError) return { kind: 'final', reason: 'wrongExpectedRevision' };
  // A deleted stream and a batch over the store's append size answer the same on every try.
  if (error instanceof StreamDeletedError) return { kind: 'final', reason: 'streamDeleted' };
  if (error instanceof AppendTooLargeError) return { kind: 'final', reason: 'appendTooLarge' };
  return { kind: 'temporary' };
}

/** The first wait before an own write the log did not take is sent again; it doubles with each failure. */
export const OWN_WRITE_RETRY_FIRST_MS = 250;
/** The longest wait between two tries of one own write: a table waits at most this long after the log is back. */
export const OWN_WRITE_RETRY_MAX_MS = 5_000;

/** The wait before the next try after `failures` refusals in a row (1 → 250 ms, 2 → 500 ms, … at most 5 s). */
export function ownWriteBackoffMs(failures: number): number {
  return Math.min(OWN_WRITE_RETRY_MAX_MS, OWN_WRITE_RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
}
