import { AUDIENCES, isAudience, type Audience } from './audience';
import { BusConfigurationError, type BusDeliveryError } from './errors';
import type { BusSubscribeOptions, BusSubscriptionHealth } from './port';

/** Subscribe options with the port's defaults applied, shared by every adapter. */
export interface ResolvedSubscribeOptions {
  readonly audiences: ReadonlySet<Audience>;
  readonly groupId: string | undefined;
  readonly onError: (error: BusDeliveryError) => void;
  readonly onHealth: (health: BusSubscriptionHealth) => void;
}

/** The options with defaults applied, or the error naming what cannot be honoured. */
export function resolveSubscribeOptions(
  options: BusSubscribeOptions = {},
): ResolvedSubscribeOptions | BusConfigurationError {
  const audiences = options.audiences ?? AUDIENCES;
  if (audiences.length === 0) {
    return new BusConfigurationError('subscribe needs at least one audience (omit `audiences` for all)');
  }
  // Typed callers cannot pass an unknown audience, but config-driven ones (JSON, env) can.
  const unknown = (audiences as readonly string[]).find((audience) => !isAudience(audience));
  if (unknown !== undefined) {
    return new BusConfigurationError(`subscribe to unknown audience ${JSON.stringify(unknown)}`);
  }
  if (options.groupId?.length === 0) {
    return new BusConfigurationError('groupId must be non-empty when given');
  }
  return {
    audiences: new Set(audiences),
    groupId: options.groupId,
    onError: options.onError ?? warnAboutDeliveryError,
    onHealth: options.onHealth ?? ignoreHealth,
  };
}

// Failures still reach onError; health is for readiness, which only a caller that asks has.
function ignoreHealth(): void {
  // nothing to report to
}

// Without an onError the failure must still be visible somewhere, but must not crash the process
// that is serving every other client: a process warning is Node's channel for exactly that.
function warnAboutDeliveryError(error: BusDeliveryError): void {
  process.emitWarning(error);
}
