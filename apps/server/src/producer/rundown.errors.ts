import { DomainError, NotFoundError, type ErrorDetails } from '../errors';

/**
 * Why the rundown refused (409), as a code the dashboard words: the edit was made on an older
 * revision, it would change the item on air (lock-when-live), or a take found nothing cued.
 */
export type RundownConflict = 'rundownStale' | 'itemLive' | 'nothingCued';

/** The edit was made on an older rundown, or would change the item on air (409). */
export class RundownConflictError extends DomainError {
  readonly kind = 'conflict';
  constructor(
    readonly conflict: RundownConflict,
    message: string,
    readonly currentRevision: number,
  ) {
    super(message);
    this.name = 'RundownConflictError';
  }

  override details(): ErrorDetails {
    return { code: this.conflict, currentRevision: this.currentRevision };
  }
}

/** No item of that id in the rundown (404). */
export class RundownItemNotFoundError extends NotFoundError {
  constructor(id: string) {
    super(`no rundown item ${id}`);
    this.name = 'RundownItemNotFoundError';
  }
}

/** Two items share an id (400 naming the second, code `duplicate`). */
export class RundownInputError extends DomainError {
  readonly kind = 'malformed';
  constructor(
    readonly path: string,
    private readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
    this.name = 'RundownInputError';
  }

  override details(): ErrorDetails {
    return { issues: [{ path: this.path, message: this.problem, code: 'duplicate' }] };
  }
}
