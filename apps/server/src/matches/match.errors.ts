import type { ValidationIssue } from '@tablecast/events';

/** Errors of the match service; one global filter maps them to HTTP and websocket answers. */
export class RequestValidationError extends Error {
  override readonly name = 'RequestValidationError';
  constructor(readonly issues: readonly ValidationIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  }
}

export class MatchNotFoundError extends Error {
  override readonly name = 'MatchNotFoundError';
  constructor(readonly matchId: string) {
    super(`match ${matchId} does not exist`);
  }
}

export class MatchExistsError extends Error {
  override readonly name = 'MatchExistsError';
  constructor(readonly matchId: string) {
    super(`match ${matchId} already exists`);
  }
}

/** The sender acted on an older revision than the stream's (or lost a race to another writer). */
export class StaleRevisionError extends Error {
  override readonly name = 'StaleRevisionError';
  constructor(
    readonly matchId: string,
    readonly sent: number,
    readonly current: number,
  ) {
    super(`match ${matchId} is at revision ${String(current)}, the command was made against ${String(sent)}`);
  }
}

/** The rules engine refused the command; `rule` is the GD-* (or DEC-*) rule ID. */
export class RuleViolationError extends Error {
  override readonly name = 'RuleViolationError';
  constructor(
    readonly rule: string,
    message: string,
    readonly messageZh: string,
  ) {
    super(message);
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
export class CommandForbiddenError extends Error {
  override readonly name = 'CommandForbiddenError';
}
