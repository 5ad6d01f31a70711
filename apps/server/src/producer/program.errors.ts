import { NotFoundError, type ErrorDetails } from '../errors';

/** No table of that id in the program's list (404). */
export class ProgramTableNotFoundError extends NotFoundError {
  constructor(field: string, table: string, known: readonly string[]) {
    super(
      `${field} "${table}": no such table in the program (${known.length === 0 ? 'no table has a match' : `tables: ${known.join(', ')}`})`,
    );
    this.name = 'ProgramTableNotFoundError';
  }

  override details(): ErrorDetails {
    return { code: 'noSuchTable' };
  }
}

/** No waiting proposal of that id: taken, dismissed or replaced by a newer one at its table (404). */
export class ProposalNotFoundError extends NotFoundError {
  constructor(id: string) {
    super(`proposal "${id}": no such proposal waiting (taken, dismissed or replaced)`);
    this.name = 'ProposalNotFoundError';
  }

  override details(): ErrorDetails {
    return { code: 'proposalGone' };
  }
}

/** No tournament of that id (404). */
export class ProgramTournamentNotFoundError extends NotFoundError {
  constructor(tournamentId: string) {
    super(`tournamentId "${tournamentId}": no such tournament`);
    this.name = 'ProgramTournamentNotFoundError';
  }
}
