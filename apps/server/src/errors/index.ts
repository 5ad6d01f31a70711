export { DomainError, type ErrorDetails, type ErrorKind } from './domain-error';
export { ForbiddenError, NotFoundError, UnauthenticatedError } from './edge-errors';
export {
  commandRefusal,
  domainErrorBody,
  ERROR_KINDS,
  INTERNAL_ERROR_BODY,
  toErrorBody,
  type CommandRefusal,
  type ErrorBody,
  type RequestIntent,
} from './error-body';
export { RequestValidationError } from './request-validation.error';
