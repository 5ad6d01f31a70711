import type { ServerMessage } from '@tablecast/protocol';
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
}

export interface FeedConnection {
  current(): FeedState;
  close(): void;
}

const RECONNECT_DELAY_MS = 1_000;

/**
 * Owns the websocket of one match feed: subscribes on every (re)connect with the last seq shown,
 * so the server resumes with no gap, and folds each message into the state (feed-state.ts).
 */
export function connectFeed(options: FeedConnectionOptions): FeedConnection {
  let state = initialFeedState(options.matchId, options.audience);
  let socket: FeedSocket | null = null;
  let stopped = false;

  const update = (next: FeedState): void => {
    if (next === state) return;
    const previous = state;
    state = next;
    options.onState(next, previous);
  };

  const connect = (): void => {
    const current = options.openSocket(options.url);
    socket = current;
    current.addEventListener('open', () => {
      current.send(JSON.stringify(subscribeMessage(state)));
    });
    current.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      update(receive(state, JSON.parse(event.data) as ServerMessage));
    });
    current.addEventListener('close', () => {
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
      socket?.close();
    },
  };
}
