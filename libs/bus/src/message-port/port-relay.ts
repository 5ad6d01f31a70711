import type { MessagePort } from 'node:worker_threads';
import { BusDeliveryError } from '../errors';
import type { BusMessage } from '../bus-message';
import type { FeedBus } from '../port';
import { frameMessage, isPortWireMessage, type PortEnded } from './port-wire';

export interface MessagePortRelayOptions {
  /** A frame the receiving bus refused (it was closed); without it, a process warning. */
  readonly onError?: (error: BusDeliveryError) => void;
  /**
   * What the publisher sent beside a frame (its `beside` option), handed over just before the frame
   * is published to `into`, so a subscriber there finds it.
   */
  readonly onBeside?: (message: BusMessage, beside: unknown) => void;
}

export interface MessagePortRelay {
  /** Whether the publisher sent its end (a clean close), as opposed to the port just going away. */
  readonly ended: boolean;
  /** Stops relaying and closes this end of the port. */
  close(): void;
}

/**
 * The receiving end of `createMessagePortPublisher`: every frame from `port` is published to
 * `into` (the thread's in-process bus) as it arrives, in the order it was posted, with its
 * payload bytes as the publisher encoded them. The publisher's end is answered once everything
 * before it was handed to `into`.
 */
export function relayMessagePort(
  port: MessagePort,
  into: FeedBus,
  options: MessagePortRelayOptions = {},
): MessagePortRelay {
  const onError =
    options.onError ??
    ((error: BusDeliveryError) => {
      process.emitWarning(error);
    });
  let ended = false;
  const onMessage = (value: unknown): void => {
    if (!isPortWireMessage(value)) return;
    if (value.kind === 'end') {
      ended = true;
      const answer: PortEnded = { kind: 'ended' };
      port.postMessage(answer);
      return;
    }
    if (value.kind !== 'frame') return;
    const message = frameMessage(value);
    if (value.beside !== undefined) options.onBeside?.(message, value.beside);
    into.publish(message).catch((error: unknown) => {
      const { audience, matchId, seq } = message;
      const detail = error instanceof Error ? error.message : String(error);
      onError(
        new BusDeliveryError(
          'handler-failed',
          { audience, matchId, seq },
          `relay of match ${matchId} ${audience} seq ${seq} from the port failed: ${detail}`,
          { cause: error },
        ),
      );
    });
  };
  port.on('message', onMessage);
  return {
    get ended() {
      return ended;
    },
    close() {
      port.off('message', onMessage);
      port.close();
    },
  };
}
