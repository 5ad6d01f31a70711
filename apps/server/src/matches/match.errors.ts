import { DomainError, ForbiddenError, type ErrorDetails } from '../errors';

/** A malformed request is the edge's error, shared by every route; the match service raises it too. */
export { RequestValidationError } from '../errors';

/** Errors of the match service; their kind decides the HTTP and websocket answer. */
export class MatchNotFoundError extends DomainError {
  override readonly name = 'MatchNotFoundError';
  readonly kind = 'notFound';
  constructor(readonly matchId: string) {
    super(`match ${matchId} does not exist`);
  }
}

export class MatchExistsError extends DomainError {
  override readonly name = 'MatchExistsError';
  readonly kind = 'conflict';
  constructor(readonly matchId: string) {
    super(`match ${matchId} already exists`);
  }
}

/** The sender acted on an older revision than the stream's (or lost a race to another writer). */
export class StaleRevisionError extends DomainError {
  override readonly name = 'StaleRevisionError';
  readonly kind = 'conflict';
  constructor(
    readonly matchId: string,
    readonly sent: number,
    readonly current: number,
  ) {
    super(`match ${matchId} is at revision ${String(current)}, the command was made against ${String(sent)}`);
  }

  /** The console refolds on this label and resends against `currentRevision`. */
  override get label(): string {
    return 'StaleRevision';
  }

  override details(): ErrorDetails {
    return { currentRevision: this.current };
  }
}

/** The rules engine refused the command; `rule` is the GD-* (or DEC-*) rule ID. */
export class RuleViolationError extends DomainError {
  override readonly name = 'RuleViolationError';
  readonly kind = 'ruleViolation';
  constructor(
    readonly rule: string,
    message: string,
    readonly messageZh: string,
  ) {
    super(message);
  }

  override details(): ErrorDetails {
    return { rule: this.rule, messageZh: this.messageZh };
  }

  /** The edge error for a violation value of the engine or a rule check (`{ rule, message, messageZh }`). */
  static of(violation: {
    readonly rule: string;
    readonly message: string;
    readonly messageZh: string;
  }): RuleViolationError {
    return new RuleViolationError(violation.rule, violation.message, violation.messageZh);
  }
}

/** The principal's role may exist but may not do this to this match. */
export class CommandForbiddenError extends ForbiddenError {
  override readonly name = 'CommandForbiddenError';
}
