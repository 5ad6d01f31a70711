import type { BusPayload } from '@tablecast/bus';
import type { FeedFrame } from '@tablecast/protocol';

/**
 * The broadcast frames this process encoded, by the payload that carries them. The in-process bus
 * hands every subscriber the publisher's own message, so the director (a broadcast client inside
 * the server) reads the frame object the producer encoded instead of parsing its bytes again.
 * Weakly held: an entry goes with its payload. The producer never changes a frame it handed out
 * (FrameEncoder relies on the same), and the payload is exactly `JSON.stringify(frame)`.
 */
const encoded = new WeakMap<Buffer, FeedFrame<unknown>>();

/** `payload` is `frame` encoded by this process (FeedProducerService.publish). */
export function noteEncodedFrame(payload: Buffer, frame: FeedFrame<unknown>): void {
  encoded.set(payload, frame);
}

/**
 * The frame a bus payload carries: the object it was encoded from when this process encoded it,
 * else (a frame from Kafka, or one another process published) its bytes parsed.
 */
export function decodeFrame(payload: BusPayload): FeedFrame {
  if (typeof payload !== 'string') {
    const frame = encoded.get(payload);
    if (frame !== undefined) return frame as FeedFrame;
  }
  return JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8')) as FeedFrame;
}
