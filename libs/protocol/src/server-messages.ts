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

/**
 * One offending field of a malformed request: its path, what is wrong in English, and (from the
 * request validation) the same as a code a client words in its own language (`too_big`,
 * `invalid_type`…, the schema library's issue codes; `duplicate` for a repeated id).
 */
export interface CommandErrorIssue {
  readonly path: string;
  readonly message: string;
  readonly code?: string;
}

/**
 * The same status and body an HTTP client would get for the command. Machine-readable besides the
 * English `message`: the field paths (`issues`, 400), the rule ID (`rule`, 422), and for a refusal
 * that is neither, `code` (`rundownStale`, `itemLive`, `nothingCued`, `proposalGone`,
 * `noSuchTable`), so a client can word it in its own language.
 */
export interface CommandErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly code?: string;
  readonly message: string;
  readonly rule?: string;
  readonly messageZh?: string;
  readonly issues?: readonly CommandErrorIssue[];
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
      /**
       * Only on a temporary refusal (503: `logBusy`, `logUnavailable`): how long to wait before
       * sending the same command again (same idempotency key). The same number of seconds as the
       * HTTP answer's `Retry-After` header; nothing of the refused command was done.
       */
      readonly retryAfterSeconds?: number;
    };

/** A client frame the server could not accept; names the field that was wrong. */
export interface ErrorMessage {
  readonly type: 'error';
  /**
   * `forbidden`: a staff feed asked for without an authenticated staff role. `unknown-match`: no
   * such match (the message names matchId). `limit`: a server limit was reached; the message names
   * its setting (FEED_MAX_SUBSCRIPTIONS, WS_MAX_CONNECTIONS...). `slow-consumer`: the client left
   * more than FEED_CLIENT_BUFFER (or its share of FEED_TOTAL_BUFFER) unread and is disconnected;
   * it reconnects and resumes with its lastSeq. `wrong-role`: this process's TABLECAST_ROLE serves
   * no spectator feed (an `api` process); the message names the roles that do, and the socket is
   * closed with 4421.
   */
  readonly code:
    | 'malformed'
    | 'unauthenticated'
    | 'forbidden'
    | 'unknown-match'
    | 'limit'
    | 'slow-consumer'
    | 'wrong-role';
  readonly message: string;
}

/**
 * Answer to `follow`, and again whenever what it follows changes: the table followed (null while
 * following the on-air table and none is on program) and the match now at it (null before the
 * table has one). The page subscribes to that match's feed and drops the previous one.
 */
export interface FollowingMessage {
  readonly type: 'following';
  readonly onAir: boolean;
  readonly table: string | null;
  readonly matchId: string | null;
}

export type ServerMessage =
  | HelloMessage
  | PongMessage
  | AuthenticatedMessage
  | CommandResultMessage
  | ErrorMessage
  | SubscribedMessage
  | FeedFrame
  | FollowingMessage
  | ControlMessage;
