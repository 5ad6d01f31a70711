import type { WebSocket } from 'ws';
import { rawSocketOf, textFrameOf } from '../gateway/prebuilt-frame';

/**
 * Sends a seat its frame's text as one whole websocket text frame written to its socket: `ws.send`
 * builds a header apart and writes header and text with writev, per frame, and a command sends
 * one frame to every seat of its table and its answer to one. The bytes and their order are what
 * `ws.send` wrote; it is the fallback whenever ws might not write at once (see `rawSocketOf`).
 * Like `ws.send`, nothing is written once the socket is no longer open (a close frame may be out).
 */
export function sendSeatFrame(client: WebSocket, text: string): void {
  if (client.readyState !== client.OPEN) return;
  const socket = rawSocketOf(client);
  if (socket === undefined) client.send(text);
  else socket.write(textFrameOf(text));
}
