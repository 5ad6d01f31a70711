import { DomainError } from './domain-error';

/** No bearer token, or one the server does not know (401). */
export class UnauthenticatedError extends DomainError {
  override readonly name = 'UnauthenticatedError';
  readonly kind = 'unauthenticated';
}

/** The principal is known, but its role (or its table) may not do this (403). */
export class ForbiddenError extends DomainError {
  override name = 'ForbiddenError';
  readonly kind = 'forbidden';
}

/** Nothing of that name: an overlay page not connected, a deal not yet released (404). */
export class NotFoundError extends DomainError {
  override name = 'NotFoundError';
  readonly kind = 'notFound';
}
