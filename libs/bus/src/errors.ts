import type { Audience } from './audience';

/** Publish or subscribe on a bus that was closed; nothing was sent or registered. */
export class BusClosedError extends Error {
  override readonly name = 'BusClosedError';
  constructor(
    readonly operation: 'publish' | 'subscribe',
    detail: string,
  ) {
    super(`feed bus is closed: ${operation} ${detail} was refused`);
  }
}

/** A message refused before it reached any subscriber (bad audience, match id, seq or payload). */
export class InvalidBusMessageError extends Error {
  override readonly name = 'InvalidBusMessageError';
  constructor(readonly problem: string) {
    super(`invalid bus message: ${problem}`);
  }
}

/** Bad subscribe options or adapter configuration, caught before anything was connected. */
export class BusConfigurationError extends Error {
  override readonly name = 'BusConfigurationError';
  constructor(problem: string) {
    super(`feed bus configuration: ${problem}`);
  }
}

/**
 * Something went wrong delivering to one subscription; it is reported to that subscription's
 * `onError` and never to the publisher, so one broken gateway cannot stall a match's feed.
 */
export class BusDeliveryError extends Error {
  override readonly name = 'BusDeliveryError';
  constructor(
    readonly reason: BusDeliveryFailure,
    readonly where: { readonly audience?: Audience; readonly matchId?: string; readonly seq?: number },
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`feed bus delivery (${reason}): ${detail}`, options);
  }
}

/**
 * - `handler-failed`: the subscriber's handler threw or rejected; the message is skipped.
 * - `overflow`: an in-process subscriber fell too far behind and was dropped.
 * - `malformed-record`: a Kafka record without the bus's key/headers; it is skipped.
 * - `consumer-crashed`: the Kafka consumer failed; the client library restarts it if it can.
 */
export type BusDeliveryFailure = 'handler-failed' | 'overflow' | 'malformed-record' | 'consumer-crashed';

/** The broker could not be reached or a consumer group could not be joined in time. */
export class BusUnavailableError extends Error {
  override readonly name = 'BusUnavailableError';
  constructor(problem: string, options?: { cause?: unknown }) {
    super(`feed bus unavailable: ${problem}`, options);
  }
}
