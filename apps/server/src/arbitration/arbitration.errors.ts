/** Errors of the arbitration service; the global filter maps them (404) like the match service's. */
export class AppealNotFoundError extends Error {
  override readonly name = 'AppealNotFoundError';
  constructor(readonly appealId: string) {
    super(`appeal ${appealId} does not exist`);
  }
}

/** GD-APL-2: the committee's decision is final; an appeal is ruled on once (409). */
export class AppealAlreadyRuledError extends Error {
  override readonly name = 'AppealAlreadyRuledError';
  constructor(
    readonly appealId: string,
    readonly rulingId: string,
  ) {
    super(
      `appeal ${appealId} was already decided by ruling ${rulingId}; the committee's decision is final (GD-APL-2)`,
    );
  }
}
