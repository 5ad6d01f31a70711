export { DomainError, type ErrorDetails, type ErrorKind } from './domain-error';
export { ForbiddenError, NotFoundError, UnauthenticatedError } from './edge-errors';
export { domainErrorBody, ERROR_KINDS, toErrorBody, type ErrorBody } from './error-body';
export { RequestValidationError } from './request-validation.error';
