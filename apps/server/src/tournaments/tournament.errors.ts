import type { RuleViolation } from '@tablecast/game-kit';
import { TOURNAMENT_STATE_RULE, TOURNAMENT_UNKNOWN_RULE } from '@tablecast/tournament';
import { DomainError, NotFoundError, type ErrorDetails } from '../errors';
import { RuleViolationError } from '../matches/match.errors';

/** A tournament command out of turn (409), or the tournament's stream moved on meanwhile. */
export class TournamentConflictError extends DomainError {
  override readonly name = 'TournamentConflictError';
  readonly kind = 'conflict';
  constructor(
    message: string,
    readonly rule: string | null,
  ) {
    super(message);
  }

  override details(): ErrorDetails {
    return this.rule === null ? {} : { rule: this.rule };
  }
}

/** The decider's refusal as the edge answers it: 404 unknown, 409 out of turn, 422 a TRN rule. */
export function tournamentRefusal(tournamentId: string, violation: RuleViolation): DomainError {
  if (violation.rule === TOURNAMENT_UNKNOWN_RULE)
    return new NotFoundError(`tournament ${tournamentId}: ${violation.message}`);
  if (violation.rule === TOURNAMENT_STATE_RULE)
    return new TournamentConflictError(`tournament ${tournamentId}: ${violation.message}`, violation.rule);
  return RuleViolationError.of(violation);
}
