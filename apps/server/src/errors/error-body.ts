import {
  AppendTooLargeError,
  InvalidEventError,
  isLogBusyError,
  LogUnavailableError,
  StreamDeletedError,
  WrongExpectedRevisionError,
} from '@tablecast/event-store';
import type { CommandErrorBody } from '@tablecast/protocol';
import { DomainError, type ErrorDetails, type ErrorKind } from './domain-error';

/** The error body of the protocol: HTTP answers and websocket `commandResult`s carry the same one. */
export type ErrorBody = CommandErrorBody;

/** The one map from an error's kind to its status and the body's default `error` label. */
export const ERROR_KINDS: Readonly<Record<ErrorKind, { readonly status: number; readonly label: string }>> = {
  malformed: { status: 400, label: 'BadRequest' },
  unauthenticated: { status: 401, label: 'Unauthorized' },
  forbidden: { status: 403, label: 'Forbidden' },
  notFound: { status: 404, label: 'NotFound' },
  conflict: { status: 409, label: 'Conflict' },
  gone: { status: 410, label: 'Gone' },
  tooLarge: { status: 413, label: 'PayloadTooLarge' },
  ruleViolation: { status: 422, label: 'RuleViolation' },
  upstreamRefused: { status: 502, label: 'BadGateway' },
  unavailable: { status: 503, label: 'ServiceUnavailable' },
};

/**
 * What the refused request was: a `read` (an HTTP GET or HEAD) only asks for what is stored, a
 * `write` (every command, over HTTP or a websocket) asks to change it.
 */
export type RequestIntent = 'read' | 'write';

/**
 * The status and body every client sees for a refusal (HTTP and websocket alike), or undefined for
 * an error that is not one (a bug: the edge answers 500 and logs it). The event store's own
 * refusals are classified here, as it is a library that knows nothing of HTTP.
 */
export function toErrorBody(error: unknown, intent: RequestIntent = 'write'): ErrorBody | undefined {
  if (error instanceof DomainError) return domainErrorBody(error);
  if (error instanceof InvalidEventError)
    return bodyOf('malformed', error.message, undefined, { issues: error.issues });
  if (error instanceof WrongExpectedRevisionError) return bodyOf('conflict', error.message);
  if (isLogBusyError(error)) return bodyOf('unavailable', LOG_BUSY_MESSAGE, undefined, { code: 'logBusy' });
  // The store's message names it by its description, which never carries the URL's credentials.
  if (error instanceof LogUnavailableError)
    return bodyOf('unavailable', error.message, undefined, { code: 'logUnavailable' });
  // A deleted stream is gone for good: a read of it is 410 (no conflict a client could resolve by
  // reading again); a write to it stays 409, as for any write the stream's state refuses.
  if (error instanceof StreamDeletedError)
    return intent === 'read'
      ? bodyOf(
          'gone',
          `stream ${error.stream} was deleted in the event store; it cannot be read`,
          undefined,
          {
            code: 'streamDeleted',
          },
        )
      : bodyOf('conflict', error.message, undefined, { code: 'streamDeleted' });
  if (error instanceof AppendTooLargeError)
    return bodyOf('tooLarge', error.message, undefined, { code: 'appendTooLarge' });
  return undefined;
}

const LOG_BUSY_MESSAGE =
  'the event log is busy: another writer held its write lock past the wait; nothing was written, send the same request again';

/** How long a client waits before sending a write the busy log refused again (one commit's worth, with margin). */
export const LOG_BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * The `Retry-After` (in seconds) of a temporary refusal a client should simply repeat: the event
 * log was busy, the store could not be reached (its own hint, by reason), or a domain error says
 * when (its `retryAfterSeconds`). Undefined for every
 * other error, whose answer does not change by waiting.
 */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (error instanceof LogUnavailableError) return error.retryAfterSeconds;
  if (error instanceof DomainError && error.retryAfterSeconds !== undefined) return error.retryAfterSeconds;
  return isLogBusyError(error) ? LOG_BUSY_RETRY_AFTER_SECONDS : undefined;
}

/** A command's refusal as a websocket `commandResult` carries it: the HTTP body, and the HTTP `Retry-After` when there is one. */
export interface CommandRefusal {
  readonly error: ErrorBody;
  /** The same number of seconds as the HTTP answer's `Retry-After` header; only on a temporary refusal (503). */
  readonly retryAfterSeconds?: number;
}

/**
 * The refusal a websocket command result carries for `error` (a command is a write), or undefined
 * for an error that is not one (a bug: the gateway answers 500 and logs it).
 */
export function commandRefusal(error: unknown): CommandRefusal | undefined {
  const body = toErrorBody(error, 'write');
  if (body === undefined) return undefined;
  const retryAfter = retryAfterSeconds(error);
  return retryAfter === undefined ? { error: body } : { error: body, retryAfterSeconds: retryAfter };
}

/** What a client gets for an error that is no refusal (a bug, logged by the edge). */
export const INTERNAL_ERROR_BODY: ErrorBody = {
  statusCode: 500,
  error: 'InternalServerError',
  message: 'internal error',
};

/** The body of one domain error (a refusal the edge makes itself, as the websocket gateway does). */
export function domainErrorBody(error: DomainError): ErrorBody {
  return bodyOf(error.kind, error.message, error.label, error.details());
}

function bodyOf(kind: ErrorKind, message: string, label?: string, details: ErrorDetails = {}): ErrorBody {
  const { status, label: kindLabel } = ERROR_KINDS[kind];
  // One key order for every body: the rule ID leads the message, as the console reads it.
  return {
    statusCode: status,
    error: label ?? kindLabel,
    ...(details.code === undefined ? {} : { code: details.code }),
    ...(details.rule === undefined ? {} : { rule: details.rule }),
    message,
    ...(details.messageZh === undefined ? {} : { messageZh: details.messageZh }),
    ...(details.issues === undefined ? {} : { issues: details.issues }),
    ...(details.currentRevision === undefined ? {} : { currentRevision: details.currentRevision }),
  };
}
