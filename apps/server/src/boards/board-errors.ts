import { DomainError } from '../errors';

export class BoardNotFoundError extends DomainError {
  override readonly name = 'BoardNotFoundError';
  readonly kind = 'notFound';
  constructor(readonly boardId: string) {
    super(`board ${boardId} does not exist`);
  }
}
