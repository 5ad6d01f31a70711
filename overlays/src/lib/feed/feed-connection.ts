import type { AnnounceMessage, ControlMessage, ServerMessage } from '@tablecast/protocol';
import {
  disconnected,
  initialFeedState,
  receive,
  subscribeMessage,
  type FeedAudience,
  type FeedState,
} from './feed-state';

/** The part of the browser WebSocket the feed uses (the `ws` package's client has it too, for tests). */
export interface FeedSocket {
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'close', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface FeedConnectionOptions {
  readonly url: string;
  readonly matchId: string;
  readonly audience: FeedAudience;
  readonly openSocket: (url: string) => FeedSocket;
  /** Called with every new state (not for messages that change nothing). */
  readonly onState: (state: FeedState, previous: FeedState) => void;
  readonly reconnectDelayMs?: number;
  /**
   * On-air pages say what they are: sent after every subscribe and repeated as a
   * heartbeat with the last seq shown, so the producer sees the page, its build, and whether it
   * keeps up. Without it the connection never announces (tools, tests).
   */
  readonly announce?: PageIdentity;
  readonly heartbeatMs?: number;
  /** The producer's refresh and cues for this page; they carry no game data. */
  readonly onControl?: (message: ControlMessage) => void;
  /**
   * Follow a table (or the table on program) instead of one match: the server says which match
   * is there now and again at every change, and the feed moves to it without a reload. `matchId`
   * is then only the match to show until the server has answered ('' for none).
   */
  readonly follow?: FollowTarget;
}

/** A table by its id, or whichever table the producer has on program. */
export type FollowTarget = { readonly table: string } | { readonly onAir: true };

/**
 * What a page announces besides its feed: its name, its bundle, its language, what it follows
 * (a table or the program, not one match) and the seat a lower third names.
 */
export interface PageIdentity {
  readonly page: string;
  readonly build: string;
  readonly lang?: string;
  readonly follow?: FollowTarget;
  readonly seat?: string;
}

export interface FeedConnection {
  current(): FeedState;
  close(): void;
}

const RECONNECT_DELAY_MS = 1_000;
/** Well inside the 15 s after which the producer's list marks a silent page stale. */
const HEARTBEAT_MS = 3_000;

/** The announce for this page and feed as it is now. */
export function announceMessage(identity: PageIdentity, state: FeedState): AnnounceMessage {
  return {
    type: 'announce',
    page: identity.page,
    build: identity.build,
    ...(state.matchId === '' ? {} : { matchId: state.matchId }),
    audience: state.audience,
    ...(identity.lang === undefined ? {} : { lang: identity.lang }),
    ...(identity.follow ?? {}),
    ...(identity.seat === undefined ? {} : { seat: identity.seat }),
    lastSeq: state.seq,
  };
}

/**
 * Owns the websocket of one match feed: subscribes on every (re)connect with the last seq shown,
 * so the server resumes with no gap, and folds each message into the state (feed-state.ts).
 */
export function connectFeed(options: FeedConnectionOptions): FeedConnection {
  let state = initialFeedState(options.matchId, options.audience);
  let socket: FeedSocket | null = null;
  /** The socket once open: a browser WebSocket throws on send while still connecting. */
  let open: FeedSocket | null = null;
  let stopped = false;
  const identity = options.announce;
  const heartbeat =
    identity === undefined
      ? undefined
      : setInterval(() => {
          open?.send(JSON.stringify(announceMessage(identity, state)));
        }, options.heartbeatMs ?? HEARTBEAT_MS);

  const update = (next: FeedState): void => {
    if (next === state) return;
    const previous = state;
    state = next;
    options.onState(next, previous);
  };

  /** The followed table has another match now: drop the old feed, start the new one from nothing. */
  const moveTo = (current: FeedSocket, matchId: string): void => {
    if (matchId === state.matchId) return;
    if (state.matchId !== '') current.send(JSON.stringify({ type: 'unsubscribe', matchId: state.matchId }));
    update({ ...initialFeedState(matchId, options.audience), connection: state.connection });
    if (matchId !== '') current.send(JSON.stringify(subscribeMessage(state)));
    if (identity !== undefined) current.send(JSON.stringify(announceMessage(identity, state)));
  };

  const connect = (): void => {
    const current = options.openSocket(options.url);
    socket = current;
    current.addEventListener('open', () => {
      open = current;
      if (options.follow !== undefined) current.send(JSON.stringify({ type: 'follow', ...options.follow }));
      if (state.matchId !== '') current.send(JSON.stringify(subscribeMessage(state)));
      if (identity !== undefined) current.send(JSON.stringify(announceMessage(identity, state)));
    });
    current.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      const message = JSON.parse(event.data) as ServerMessage;
      if (message.type === 'control') options.onControl?.(message);
      else if (message.type === 'following') moveTo(current, message.matchId ?? '');
      else update(receive(state, message));
    });
    current.addEventListener('close', () => {
      if (open === current) open = null;
      if (socket !== current) return;
      socket = null;
      if (stopped) return;
      update(disconnected(state));
      setTimeout(connect, options.reconnectDelayMs ?? RECONNECT_DELAY_MS);
    });
  };
  connect();

  return {
    current: () => state,
    close() {
      stopped = true;
      clearInterval(heartbeat);
      socket?.close();
    },
  };
}
