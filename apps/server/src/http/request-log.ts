import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Logger } from 'pino';
import type { AuthenticatedRequest } from '../auth/auth.guard';
import { redactUrl } from './redact-url';

/** Probes and scrapes every few seconds would drown the log: they are logged only when they fail (5xx). */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** A request that took longer than this is logged at warn, whatever its status. */
export const SLOW_REQUEST_MS = 500;

type RequestLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * One JSON line per finished request, at a level chosen by how it ended: a server error at error,
 * an aborted or slow request at warn, a refused one (4xx: a stale revision, a broken rule) at info,
 * a success at debug. It replaces pino-http's per-request child logger and nestjs-pino's
 * AsyncLocalStorage scope, which cost about a tenth of the server's CPU per command even at
 * LOG_LEVEL=warn, where they wrote nothing. A request's own cost is one listener and two
 * clock reads; the line is built only when its level is enabled. Headers are never logged (the
 * bearer token is in one), and the URL is logged with the value of any credential parameter
 * (`?token=`, `access_token=`…) redacted. A request the auth guard let through names its `actor`.
 *
 * Installed as Fastify's first `onRequest` hook, so a request whose body fails to parse, an
 * unknown route and a static file are logged too. It listens for the socket-level 'close' of the
 * response rather than Fastify's onResponse/onRequestAbort hooks: one listener covers a finished
 * and an abandoned request alike.
 *
 * `logger` is a getter because nestjs-pino creates its root logger when the app initialises,
 * after this hook is installed.
 */
export function installRequestLog(
  fastify: FastifyInstance,
  logger: () => Logger,
  slowMs = SLOW_REQUEST_MS,
): void {
  fastify.addHook('onRequest', requestLog(logger, slowMs));
}

/** The `onRequest` hook of {@link installRequestLog}. */
export function requestLog(
  logger: () => Logger,
  slowMs = SLOW_REQUEST_MS,
): (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void {
  return (request, reply, done) => {
    const start = performance.now();
    const response = reply.raw;
    response.once('close', () => {
      const ms = performance.now() - start;
      const url = request.url;
      const aborted = !response.writableFinished;
      const level = levelOf(response.statusCode, ms, slowMs, aborted, url);
      if (level === null) return;
      const log = logger();
      if (!log.isLevelEnabled(level)) return;
      const actor = (request as AuthenticatedRequest).principal?.actorId;
      log[level](
        // Flat fields: the root logger's req/res serializers expect Node's own objects.
        {
          method: request.method,
          url: redactUrl(url),
          statusCode: response.statusCode,
          responseTime: Math.round(ms),
          ...(actor === undefined ? {} : { actor }),
        },
        aborted ? 'request aborted' : response.statusCode >= 500 ? 'request errored' : 'request completed',
      );
    });
    done();
  };
}

function levelOf(
  status: number,
  ms: number,
  slowMs: number,
  aborted: boolean,
  url: string,
): RequestLogLevel | null {
  const path = url.includes('?') ? url.slice(0, url.indexOf('?')) : url;
  // A probe that fails (503 from /readyz: not ready) is a state the readiness check names, not a fault.
  if (QUIET_PATHS.has(path)) return status >= 500 ? 'warn' : null;
  if (status >= 500) return 'error';
  if (aborted || ms >= slowMs) return 'warn';
  return status >= 400 ? 'info' : 'debug';
}
