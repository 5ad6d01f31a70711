import type { Socket } from 'node:net';
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

/**
 * A seat's socket held (corked) from its command's arrival until the event loop's check phase
 * after its answer, so that the answer and the seat's view of what the command wrote go to the
 * kernel in one write, whichever is sent first: the view when the log's follower is quick, the
 * answer when it lags (then the caller pushes the views before the answer, so the push runs before
 * the release). A command writes to every seat of its table at least once (its view), so the
 * answer's own write was a fifth of a Guandan table's. Bytes and order on the socket are unchanged.
 */
export class HeldAnswers {
  /** Each held client's raw socket, as it was when held (ws may let go of it on close). */
  private readonly held = new Map<WebSocket, Socket>();

  /** Holds what `client` is sent from now on, until the check phase after its answer. */
  hold(client: WebSocket): void {
    if (this.held.has(client)) return;
    const socket = rawSocketOf(client);
    if (socket === undefined) return;
    socket.cork();
    this.held.set(client, socket);
  }

  /**
   * Sends the answer, and lets what is held go at the check phase after it: a release of its own,
   * queued after the views the caller pushed first (a release shared by the commands of one commit
   * would run before the pushes of all but the first).
   */
  answer(client: WebSocket, text: string): void {
    sendSeatFrame(client, text);
    if (!this.held.has(client)) return;
    setImmediate(() => {
      this.let(client);
    });
  }

  /** Writes whatever is held now (on shutdown: nothing is left corked). */
  flush(): void {
    for (const client of [...this.held.keys()]) this.let(client);
  }

  private let(client: WebSocket): void {
    const socket = this.held.get(client);
    this.held.delete(client);
    socket?.uncork();
  }
}
