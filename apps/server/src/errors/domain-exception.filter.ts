import {
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { retryAfterSeconds, toErrorBody, type RequestIntent } from './error-body';

/**
 * The one global filter: a domain error is answered by its kind (see `error-body.ts`);
 * Nest's and Fastify's own refusals (404 route, 413 body) pass through in the same shape.
 */
@Catch()
export class DomainExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(DomainExceptionFilter.name);

  catch(error: unknown, host: ArgumentsHost): void {
    // Every error body is JSON, also from a route that declared another type (record.html): an
    // object sent as text/html is refused by Fastify, and the refusal became a 500.
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>().type('application/json; charset=utf-8');
    const body = toErrorBody(error, intentOf(http.getRequest<FastifyRequest>().method));
    if (body) {
      const retryAfter = retryAfterSeconds(error);
      if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
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

/** A GET or HEAD only reads; every other method asks for a change. */
function intentOf(method: string): RequestIntent {
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}
