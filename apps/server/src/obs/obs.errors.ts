import { DomainError, type ErrorKind } from '../errors';

/**
 * Errors of the OBS bridge. Every message names the OBS instance (main, backup) so a producer
 * knows which machine to look at; none carries a password. OBS down or silent is 503.
 */
export class ObsError extends DomainError {
  constructor(
    readonly instance: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  readonly kind: ErrorKind = 'unavailable';
}

/** obs-websocket closed the connection with 4009: the password is wrong. Not retried. */
export class ObsAuthError extends ObsError {
  constructor(instance: string, url: string) {
    super(
      instance,
      `OBS "${instance}" at ${url} rejected the password (obs-websocket close code 4009 AuthenticationFailed); check OBS_PASSWORD_${instance.toUpperCase()}`,
    );
  }
}

/** OBS cannot be reached (not running, connection lost); the bridge keeps reconnecting. */
export class ObsUnavailableError extends ObsError {}

/** A request got no answer within its timeout. */
export class ObsTimeoutError extends ObsError {
  constructor(
    instance: string,
    readonly requestType: string,
    timeoutMs: number,
  ) {
    super(instance, `OBS "${instance}" did not answer ${requestType} within ${timeoutMs} ms`);
  }
}

/** The connection closed while the request was in flight: OBS may or may not have done it. */
export class ObsDisconnectedError extends ObsError {
  constructor(
    instance: string,
    readonly requestType: string,
  ) {
    super(
      instance,
      `OBS "${instance}" disconnected before answering ${requestType}; the bridge is reconnecting`,
    );
  }
}

/**
 * OBS answered the request with a failure status: 404 when what was named does not exist (600
 * resource not found: no such scene, source or transition), 502 for any other refusal.
 */
export class ObsRequestError extends ObsError {
  constructor(
    instance: string,
    readonly requestType: string,
    readonly code: number,
    detail: string,
  ) {
    super(instance, `OBS "${instance}" refused ${requestType} (code ${code}): ${detail}`);
    this.kind = code === OBS_RESOURCE_NOT_FOUND ? 'notFound' : 'upstreamRefused';
  }

  override readonly kind: ErrorKind;
}

/** obs-websocket request status ResourceNotFound: no such scene, source or transition. */
export const OBS_RESOURCE_NOT_FOUND = 600;
