import { DomainError, type ErrorKind } from '../errors/domain-error';

/**
 * A singleton's request reached a control process that does not hold the control lease (a
 * standby): 503, so the client asks the holder (its `/readyz` `control-lease` check says which).
 */
export class ControlStandbyError extends DomainError {
  override readonly name = 'ControlStandbyError';
  readonly kind: ErrorKind = 'unavailable';

  constructor(what: string) {
    super(`${what}: this control process is a standby; the holder of the control lease does this`);
  }
}
