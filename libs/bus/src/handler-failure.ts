import type { BusMessage } from './bus-message';
import { BusDeliveryError } from './errors';

/** The error every adapter reports when a subscriber's handler throws or rejects on a message. */
export function handlerFailure(message: BusMessage, error: unknown): BusDeliveryError {
  const { audience, matchId, seq } = message;
  const detail = error instanceof Error ? error.message : String(error);
  return new BusDeliveryError(
    'handler-failed',
    { audience, matchId, seq },
    `handler failed on match ${matchId} ${audience} seq ${seq}: ${detail}`,
    { cause: error },
  );
}
