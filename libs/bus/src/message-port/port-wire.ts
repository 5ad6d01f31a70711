import type { MessagePort, Transferable } from 'node:worker_threads';
import type { Audience } from '../audience';
import type { BusMessage } from '../bus-message';

/**
 * What crosses the port for one frame. A binary payload goes as an ArrayBuffer in the transfer
 * list: the receiving thread gets the very bytes the producer encoded, neither re-encoded nor
 * copied by the structured clone. A text payload goes as the string.
 */
export type PortFrame =
  | {
      readonly kind: 'frame';
      readonly audience: Audience;
      readonly matchId: string;
      readonly seq: number;
      readonly text: string;
      readonly beside?: unknown;
    }
  | {
      readonly kind: 'frame';
      readonly audience: Audience;
      readonly matchId: string;
      readonly seq: number;
      readonly bytes: ArrayBuffer;
      readonly beside?: unknown;
    };

/** The publisher is closing: nothing follows; the receiver answers `ended` once it relayed all before. */
export interface PortEnd {
  readonly kind: 'end';
}

/** The receiver's answer to `end`: every frame posted before it reached the receiving bus. */
export interface PortEnded {
  readonly kind: 'ended';
}

export type PortWireMessage = PortFrame | PortEnd | PortEnded;

/**
 * Posts `message` on `port`, with `beside` (structured-cloned) when there is one. A Buffer that is the whole of its ArrayBuffer (Node allocates one of
 * its own for every payload of 4 KiB and more) is handed over as it is and is empty on this side
 * afterwards; a smaller one shares Node's 8 KiB allocation pool with other Buffers, so only its own
 * bytes are copied out and handed over (transferring the pool would empty its neighbours).
 */
export function postFrame(port: MessagePort, message: BusMessage, beside?: unknown): void {
  const { audience, matchId, seq, payload } = message;
  const extra = beside === undefined ? {} : { beside };
  if (typeof payload === 'string') {
    const wire: PortFrame = { kind: 'frame', audience, matchId, seq, text: payload, ...extra };
    port.postMessage(wire);
    return;
  }
  const bytes = ownBytes(payload);
  const wire: PortFrame = { kind: 'frame', audience, matchId, seq, bytes, ...extra };
  port.postMessage(wire, [bytes as Transferable]);
}

/** The bus message a frame from the port carries; its Buffer is a view of the transferred bytes. */
export function frameMessage(wire: PortFrame): BusMessage {
  const { audience, matchId, seq } = wire;
  const payload = 'text' in wire ? wire.text : Buffer.from(wire.bytes);
  return { audience, matchId, seq, payload };
}

export function isPortWireMessage(value: unknown): value is PortWireMessage {
  if (typeof value !== 'object' || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  return kind === 'frame' || kind === 'end' || kind === 'ended';
}

function ownBytes(payload: Buffer): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = payload;
  if (buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength) return buffer;
  const copy = new ArrayBuffer(byteLength);
  new Uint8Array(copy).set(payload);
  return copy;
}
