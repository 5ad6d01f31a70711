import { DomainError, type ErrorDetails } from '../errors';

export class BoardNotFoundError extends DomainError {
  override readonly name = 'BoardNotFoundError';
  readonly kind = 'notFound';
  constructor(readonly boardId: string) {
    super(`board ${boardId} does not exist`);
  }
}

/** How soon a deal whose record the board file refused may be sent again (an operator frees the file). */
const BOARD_FILE_RETRY_AFTER_SECONDS = 5;

/**
 * A deal written to the match's log whose record in the board file (boards.sqlite) failed: a disk
 * error, a full disk, a file made read-only. The deal is not lost (the log holds it) and the file
 * holds no part of the record (one statement, rolled back). 503 with Retry-After: the same request
 * sent again records the deal found in the log and answers it, without dealing the board again.
 */
export class BoardFileWriteError extends DomainError {
  override readonly name = 'BoardFileWriteError';
  readonly kind = 'unavailable';

  constructor(
    readonly boardId: string,
    readonly matchId: string,
    readonly revision: number,
    cause: unknown,
  ) {
    super(
      `board ${boardId}: its deal at match ${matchId} is written to the match's log (revision ${String(revision)}), ` +
        `but the board file could not record it (${describe(cause)}); send the request again once the ` +
        'board file is writable: the deal is recorded, not dealt twice',
      { cause },
    );
  }

  override get retryAfterSeconds(): number {
    return BOARD_FILE_RETRY_AFTER_SECONDS;
  }

  override details(): ErrorDetails {
    return { code: 'boardFileUnavailable' };
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
}
