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
import type { FastifyReply } from 'fastify';
import { AppealAlreadyRuledError, AppealNotFoundError } from '../arbitration/arbitration.errors';
import { IdempotencyKeyReusedError } from '../idempotency/idempotency-key-reused.error';
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
  if (error instanceof IdempotencyKeyReusedError) {
    return {
      statusCode: 409,
      error: 'IdempotencyKeyReused',
      message: error.message,
      issues: [{ path: error.field, message: 'already used for a different request' }],
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
    // Every error body is JSON, also from a route that declared another type (record.html): an
    // object sent as text/html is refused by Fastify, and the refusal became a 500.
    const reply = host.switchToHttp().getResponse<FastifyReply>().type('application/json; charset=utf-8');
    const body = toErrorBody(error);
    if (body) {
      void reply.code(body.statusCode).send(body);
      return;
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const response = error.getResponse();
      // Fastify's own refusals (413 body too large, …) reach here as an HttpException holding
      // only their message: they get the object shape every other error has.
      void reply
        .code(status)
        .send(typeof response === 'string' ? { statusCode: status, message: response } : response);
      return;
    }
    const refusal = clientErrorStatus(error);
    if (refusal !== undefined && error instanceof Error) {
      void reply.code(refusal).send({ statusCode: refusal, message: error.message });
      return;
    }
    this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    void reply
      .code(HttpStatus.INTERNAL_SERVER_ERROR)
      .send({ statusCode: 500, error: 'InternalServerError', message: 'internal error' });
  }
}

/**
 * The 4xx `statusCode` an HTTP-platform error carries (the static files plugin refuses a path that
 * leaves its root with 403): the client's fault, not a 500. Domain errors never carry one.
 */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}
