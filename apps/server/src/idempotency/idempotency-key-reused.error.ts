import { DomainError, type ErrorDetails } from '../errors';

/**
 * A key already accepted for one request came back with another (a different command or revision,
 * another appeal, another vote sheet). Answering the first result would report success for a
 * request that was never carried out, so it is refused (409) and nothing is written. `field` is
 * the body field that carries the key (`idempotencyKey`, `appealId`, `rulingId`).
 */
export class IdempotencyKeyReusedError extends DomainError {
  override readonly name = 'IdempotencyKeyReusedError';
  readonly kind = 'conflict';
  constructor(
    readonly field: string,
    readonly key: string,
  ) {
    super(
      `${field} ${key} was already used for a different request; a retry must resend exactly what was first sent, and a new request needs a new ${field}`,
    );
  }

  override get label(): string {
    return 'IdempotencyKeyReused';
  }

  override details(): ErrorDetails {
    return { issues: [{ path: this.field, message: 'already used for a different request' }] };
  }
}
