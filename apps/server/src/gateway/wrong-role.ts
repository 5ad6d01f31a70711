import type { WebSocket } from 'ws';

/**
 * The close code of a feed socket opened on a process whose TABLECAST_ROLE does not serve it: the
 * websocket twin of HTTP 421 (Misdirected Request). A client or a balancer's health check tells it
 * from a drop (1006) or a limit (1013): this process will never serve the feed, another role does.
 */
export const WRONG_ROLE_CLOSE = 4421;

/**
 * Tells the socket which role serves the feed it opened, then closes it with WRONG_ROLE_CLOSE, so an
 * `api` process never answers a feed with silence (TC-SCALE-2: api runs commands and read models,
 * the feeds are built from the bus the `feeds` role publishes). The reason repeats the message,
 * cut to the 123 bytes a close frame carries.
 */
export function refuseFeedOnThisRole(socket: WebSocket, message: string): void {
  socket.send(JSON.stringify({ type: 'error', code: 'wrong-role', message }));
  socket.close(WRONG_ROLE_CLOSE, Buffer.from(message).subarray(0, 123).toString('utf8'));
}
