/** Errors of the arbitration service; the global filter maps them (404) like the match service's. */
export class AppealNotFoundError extends Error {
  override readonly name = 'AppealNotFoundError';
  constructor(readonly appealId: string) {
    super(`appeal ${appealId} does not exist`);
  }
}
