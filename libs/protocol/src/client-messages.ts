/** Liveness probe from a client; the server answers with `pong`. */
export interface PingMessage {
  readonly type: 'ping';
  readonly nonce: string;
}

export type ClientMessage = PingMessage;

/**
 * Parses one raw client frame. Returns a typed message or a reason naming the field that is wrong;
 * never throws, because a browser must not be able to crash a gateway with a bad frame.
 */
export function parseClientMessage(
  raw: string,
): { ok: true; message: ClientMessage } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'frame is not valid JSON' };
  }
  if (typeof value !== 'object' || value === null) {
    return { ok: false, reason: 'frame must be a JSON object' };
  }
  const frame = value as Record<string, unknown>;
  if (frame.type !== 'ping') {
    return { ok: false, reason: `field "type": unknown message type ${JSON.stringify(frame.type)}` };
  }
  if (typeof frame.nonce !== 'string' || frame.nonce.length > 64) {
    return { ok: false, reason: 'field "nonce": expected a string of at most 64 characters' };
  }
  return { ok: true, message: { type: 'ping', nonce: frame.nonce } };
}
