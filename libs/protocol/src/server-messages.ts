import type { ControlMessage } from './control-messages';
import type { FeedFrame, SubscribedMessage } from './feed-messages';
import type { CommandAccepted } from './match-commands';

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

/** Answer to `authenticate`: the role the token carries (an unknown token gets an `error`). */
export interface AuthenticatedMessage {
  readonly type: 'authenticated';
  readonly role: string;
  readonly table: string | null;
}

/** The same status and body an HTTP client would get for the command. */
export interface CommandErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly message: string;
  readonly rule?: string;
  readonly messageZh?: string;
  readonly issues?: readonly { path: string; message: string }[];
  readonly currentRevision?: number;
}

export type CommandResultMessage =
  | {
      readonly type: 'commandResult';
      readonly requestId: string;
      readonly ok: true;
      readonly result: CommandAccepted;
    }
  | {
      readonly type: 'commandResult';
      readonly requestId: string;
      readonly ok: false;
      readonly error: CommandErrorBody;
    };

/** A client frame the server could not accept; names the field that was wrong. */
export interface ErrorMessage {
  readonly type: 'error';
  /** `forbidden`: a staff feed asked for without an authenticated staff role. */
  readonly code: 'malformed' | 'unauthenticated' | 'forbidden';
  readonly message: string;
}

export type ServerMessage =
  | HelloMessage
  | PongMessage
  | AuthenticatedMessage
  | CommandResultMessage
  | ErrorMessage
  | SubscribedMessage
  | FeedFrame
  | ControlMessage;
