import { DomainError } from '../errors';

/** Errors of the arbitration service; their kind decides the answer, as for the match service's. */
export class AppealNotFoundError extends DomainError {
  override readonly name = 'AppealNotFoundError';
  readonly kind = 'notFound';
  constructor(readonly appealId: string) {
    super(`appeal ${appealId} does not exist`);
  }
}

/** GD-APL-2: the committee's decision is final; an appeal is ruled on once (409). */
export class AppealAlreadyRuledError extends DomainError {
  override readonly name = 'AppealAlreadyRuledError';
  readonly kind = 'conflict';
  constructor(
    readonly appealId: string,
    readonly rulingId: string,
  ) {
    super(
      `appeal ${appealId} was already decided by ruling ${rulingId}; the committee's decision is final (GD-APL-2)`,
    );
  }
}
