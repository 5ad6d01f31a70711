import type { ValidationIssue } from '@tablecast/events';
import { DomainError } from './domain-error';

/** One offending field; `code` says what is wrong for a client to word (the schema's issue code). */
export type RequestIssue = ValidationIssue & { readonly code?: string };

/** A malformed request (400): every offending field, each with what is wrong with it. */
export class RequestValidationError extends DomainError {
  override readonly name = 'RequestValidationError';
  readonly kind = 'malformed';
  constructor(readonly issues: readonly RequestIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  }

  override details(): { readonly issues: readonly RequestIssue[] } {
    return { issues: this.issues };
  }
}
