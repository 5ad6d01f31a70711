import type { ValidationIssue } from '@tablecast/events';
import { DomainError } from './domain-error';

/** A malformed request (400): every offending field, each with what is wrong with it. */
export class RequestValidationError extends DomainError {
  override readonly name = 'RequestValidationError';
  readonly kind = 'malformed';
  constructor(readonly issues: readonly ValidationIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  }

  override details(): { readonly issues: readonly ValidationIssue[] } {
    return { issues: this.issues };
  }
}
