import type { BusPayload } from '@tablecast/bus';
import type { FeedFrame } from '@tablecast/protocol';
import type { DirectorFrame } from './director-frame';

/**
 * The broadcast frames this process encoded, by the payload that carries them. The in-process bus
 * hands every subscriber the publisher's own message, so the director (a broadcast client inside
 * the server) reads the frame object the producer encoded instead of parsing its bytes again.
 * Weakly held: an entry goes with its payload. The producer never changes a frame it handed out
 * (FrameEncoder relies on the same), and the payload is exactly `JSON.stringify(frame)`.
 */
const encoded = new WeakMap<Buffer, FeedFrame<unknown>>();

/**
 * `payload` is `frame` encoded by this process (FeedProducerService.publish), or the director's
 * fields of the frame the feeds thread encoded (directorFrameOf, sent beside the payload).
 */
export function noteEncodedFrame(payload: Buffer, frame: FeedFrame<unknown>): void {
  encoded.set(payload, frame);
}

/** The frame this thread noted for `payload` (the feeds thread reads it to send the director's fields beside). */
export function encodedFrameOf(payload: BusPayload): FeedFrame<unknown> | undefined {
  return typeof payload === 'string' ? undefined : encoded.get(payload);
}

/**
 * The frame a bus payload carries, as the director reads it: the object it was encoded from when
 * this process encoded it (or, from the feeds thread, the director's fields sent beside it), else
 * (a frame from Kafka, or one another process published) its bytes parsed.
 */
export function decodeFrame(payload: BusPayload): DirectorFrame {
  if (typeof payload !== 'string') {
    const frame = encoded.get(payload);
    if (frame !== undefined) return frame as DirectorFrame;
  }
  return JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8')) as DirectorFrame;
}
