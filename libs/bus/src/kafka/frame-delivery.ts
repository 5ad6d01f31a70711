import type { BusMessage } from '../bus-message';
import { BusDeliveryError } from '../errors';
import { handlerFailure } from '../handler-failure';
import type { BusHandler } from '../port';
import type { KafkaReceiveTiming } from './kafka-subscription';
import { decodeRecord, type DecodeResult, type IncomingRecord } from './record-codec';
import { audienceOfTopic } from './topics';

/** A fetched record as a bus message, or why it is not one (a foreign topic, missing headers). */
export function decodeTopicRecord(topicPrefix: string, topic: string, record: IncomingRecord): DecodeResult {
  const audience = audienceOfTopic(topicPrefix, topic);
  return audience === undefined
    ? { ok: false, problem: `unexpected topic ${topic}` }
    : decodeRecord(audience, record);
}

/** The error a subscription reports for a record it skips. */
export function malformedRecord(
  topic: string,
  partition: number,
  offset: string,
  problem: string,
): BusDeliveryError {
  return new BusDeliveryError('malformed-record', {}, `skipped ${topic}[${partition}]@${offset}: ${problem}`);
}

/** A consumer's failure (crash, restart, lost offsets) as the error a subscription reports. */
export function consumerCrashed(what: string, error: unknown): BusDeliveryError {
  const detail = error instanceof Error ? error.message : String(error);
  return new BusDeliveryError('consumer-crashed', {}, `${what}: ${detail}`, { cause: error });
}

/**
 * Hands decoded frames to a subscription's handler: the receive timing first, then the handler,
 * whose failure is reported and skips only that frame. Returns each frame's delivery as a thunk,
 * so a subscription may run it at once or queue it (DeliveryQueue).
 */
export function frameDeliverer(
  handler: BusHandler,
  onError: (error: BusDeliveryError) => void,
  onReceived: ((timing: KafkaReceiveTiming) => void) | undefined,
): (message: BusMessage, publishedAtMs: number, receivedAtMs: number) => () => Promise<void> {
  const deliver = async (message: BusMessage): Promise<void> => {
    try {
      await handler(message);
    } catch (error) {
      onError(handlerFailure(message, error));
    }
  };
  return (message, publishedAtMs, receivedAtMs) => () => {
    onReceived?.({ audience: message.audience, publishedAtMs, receivedAtMs });
    return deliver(message);
  };
}
