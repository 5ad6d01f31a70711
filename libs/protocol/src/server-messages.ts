/** Sent by the server as the first frame on every websocket connection. */
export interface HelloMessage {
  readonly type: 'hello';
  /** The server build's version (from apps/server/package.json). */
  readonly version: string;
  /** Server wall-clock time in ms since the epoch, for clock-offset display on staff pages. */
  readonly serverTime: number;
}

/** Answer to a client `ping`, echoing its nonce. */
export interface PongMessage {
  readonly type: 'pong';
  readonly nonce: string;
  readonly serverTime: number;
}

/** A client frame the server could not accept; names the field that was wrong. */
export interface ErrorMessage {
  readonly type: 'error';
  readonly code: 'malformed' | 'unknown-type';
  readonly message: string;
}

export type ServerMessage = HelloMessage | PongMessage | ErrorMessage;
