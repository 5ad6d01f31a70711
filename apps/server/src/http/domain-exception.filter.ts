import {
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { InvalidEventError, WrongExpectedRevisionError } from '@tablecast/event-store';
import type { CommandErrorBody } from '@tablecast/protocol';
import type { Response } from 'express';
import { AppealAlreadyRuledError, AppealNotFoundError } from '../arbitration/arbitration.errors';
import {
  CommandForbiddenError,
  MatchExistsError,
  MatchNotFoundError,
  RequestValidationError,
  RuleViolationError,
  StaleRevisionError,
} from '../matches/match.errors';

/** The error body of the protocol: HTTP answers and websocket `commandResult`s carry the same one. */
export type ErrorBody = CommandErrorBody;

/** Maps a domain error to the status and body every client sees (HTTP and websocket alike). */
export function toErrorBody(error: unknown): ErrorBody | undefined {
  if (error instanceof RequestValidationError || error instanceof InvalidEventError) {
    return { statusCode: 400, error: 'BadRequest', message: error.message, issues: error.issues };
  }
  if (error instanceof CommandForbiddenError)
    return { statusCode: 403, error: 'Forbidden', message: error.message };
  if (error instanceof MatchNotFoundError || error instanceof AppealNotFoundError)
    return { statusCode: 404, error: 'NotFound', message: error.message };
  if (error instanceof StaleRevisionError) {
    return {
      statusCode: 409,
      error: 'StaleRevision',
      message: error.message,
      currentRevision: error.current,
    };
  }
  if (
    error instanceof MatchExistsError ||
    error instanceof WrongExpectedRevisionError ||
    error instanceof AppealAlreadyRuledError
  ) {
    return { statusCode: 409, error: 'Conflict', message: error.message };
  }
  if (error instanceof RuleViolationError) {
    return {
      statusCode: 422,
      error: 'RuleViolation',
      rule: error.rule,
      message: error.message,
      messageZh: error.messageZh,
    };
  }
  return undefined;
}

/** The one global filter: domain errors become their HTTP codes; Nest's own pass through unchanged. */
@Catch()
export class DomainExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(DomainExceptionFilter.name);

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = toErrorBody(error);
    if (body) {
      response.status(body.statusCode).json(body);
      return;
    }
    if (error instanceof HttpException) {
      response.status(error.getStatus()).json(error.getResponse());
      return;
    }
    this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    response
      .status(HttpStatus.INTERNAL_SERVER_ERROR)
      .json({ statusCode: 500, error: 'InternalServerError', message: 'internal error' });
  }
}
