import { DomainError, type ErrorDetails, type ErrorKind } from '../../errors/domain-error';

/** How soon a read the feeds thread could not answer may be asked again (its restart backoff starts at 250 ms). */
const RETRY_AFTER_SECONDS = 1;

/**
 * FEEDS_THREAD=worker: a read of the feeds (the spectator listing, a table's delay, a ledger) the
 * feeds thread did not answer: it is restarting, or it did not answer within the read's bound.
 * 503 with Retry-After: the thread comes back and resumes every feed from the ledger.
 */
export class FeedsThreadUnavailableError extends DomainError {
  override readonly name = 'FeedsThreadUnavailableError';
  readonly kind: ErrorKind = 'unavailable';

  override get retryAfterSeconds(): number {
    return RETRY_AFTER_SECONDS;
  }

  override details(): ErrorDetails {
    return { code: 'feedsUnavailable' };
  }
}
