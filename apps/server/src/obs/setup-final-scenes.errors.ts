import { DomainError } from '../errors';

/** Bad input to the setup (not an OBS failure): the message names the field. */
export class SceneSetupInputError extends DomainError {
  readonly kind = 'malformed';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field} ${message}`);
    this.name = 'SceneSetupInputError';
  }
}
