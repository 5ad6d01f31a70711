import type { MessagePort } from 'node:worker_threads';
import { describeBusMessage, findBusMessageProblem, type BusMessage } from '../bus-message';
import { BusClosedError, BusConfigurationError } from '../errors';
import type { BusSubscription, FeedBus } from '../port';
import { isPortWireMessage, postFrame, type PortEnd } from './port-wire';

/**
 * The publishing end of a bus over a MessagePort: a feed producer in a worker thread publishes
 * here, and `relayMessagePort` on the other thread hands every frame to that thread's bus, in the
 * order published (a MessagePort keeps its messages in order), where the gateways subscribe.
 *
 * `publish` resolves once the frame is posted: the port cannot lose it while both threads live,
 * and the receiving bus acknowledges nothing back. A Buffer payload is handed over (see
 * `postFrame`): the publisher must not read it after `publish`. This end takes no subscribers:
 * they subscribe to the receiving thread's bus.
 * `close` posts the end and resolves when the receiver answered that everything before it was
 * relayed (or the port closed on the other side), then closes the port.
 */
export function createMessagePortPublisher(
  port: MessagePort,
  options: MessagePortPublisherOptions = {},
): FeedBus {
  return new MessagePortPublisher(port, options.beside);
}

export interface MessagePortPublisherOptions {
  /**
   * What goes beside a frame to the receiving thread (structured-cloned; undefined: nothing), read
   * before its payload is handed over: what a reader there would otherwise parse the payload for.
   * The relay's `onBeside` gets it.
   */
  readonly beside?: (message: BusMessage) => unknown;
}

class MessagePortPublisher implements FeedBus {
  private closing: Promise<void> | undefined;

  constructor(
    private readonly port: MessagePort,
    private readonly beside: ((message: BusMessage) => unknown) | undefined,
  ) {}

  publish(message: BusMessage): Promise<void> {
    if (this.closing !== undefined) {
      return Promise.reject(new BusClosedError('publish', `of ${describeBusMessage(message)}`));
    }
    const problem = findBusMessageProblem(message);
    if (problem !== undefined) return Promise.reject(problem);
    postFrame(this.port, message, this.beside?.(message));
    return Promise.resolve();
  }

  subscribe(): Promise<BusSubscription> {
    return Promise.reject(
      new BusConfigurationError(
        'subscribe on the publishing end of a MessagePort bus: subscribe to the bus it relays into',
      ),
    );
  }

  readLatest(): Promise<number> {
    return Promise.reject(
      new BusConfigurationError(
        'readLatest on the publishing end of a MessagePort bus: read the bus it relays into',
      ),
    );
  }

  close(): Promise<void> {
    this.closing ??= this.end();
    return this.closing;
  }

  private async end(): Promise<void> {
    await new Promise<void>((resolve) => {
      const done = (): void => {
        this.port.off('message', answered);
        this.port.off('close', done);
        resolve();
      };
      const answered = (value: unknown): void => {
        if (isPortWireMessage(value) && value.kind === 'ended') done();
      };
      this.port.on('message', answered);
      this.port.on('close', done);
      const end: PortEnd = { kind: 'end' };
      this.port.postMessage(end);
    });
    this.port.close();
  }
}
