import type { ServerMessage } from '@tablecast/protocol';
import type { FeedSocket, FollowTarget } from './feed-connection';

/**
 * Which match a page set up per table (`table=t1`) or per show (`onair=1`) shows, for pages that
 * read their match over HTTP rather than a feed (the commentator's board): the same `follow` the
 * feed pages send (feed-connection.ts), on a socket of its own that only listens for `following`.
 * The server tells it at once and again whenever a new match starts at the table (or another table
 * goes on program); the page moves without a reload. Reconnects after a drop and asks again.
 */
export interface FollowMatchOptions {
  readonly url: string;
  readonly follow: FollowTarget;
  readonly openSocket: (url: string) => FeedSocket;
  /** The match now at the followed table; null while the table has none (or none is on program). */
  readonly onMatch: (matchId: string | null) => void;
  readonly reconnectDelayMs?: number;
}

const RECONNECT_DELAY_MS = 1_000;

export function followMatch(options: FollowMatchOptions): { close(): void } {
  let socket: FeedSocket | null = null;
  let stopped = false;

  const connect = (): void => {
    const current = options.openSocket(options.url);
    socket = current;
    current.addEventListener('open', () => {
      current.send(JSON.stringify({ type: 'follow', ...options.follow }));
    });
    current.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      const message = JSON.parse(event.data) as ServerMessage;
      if (message.type === 'following') options.onMatch(message.matchId);
    });
    current.addEventListener('close', () => {
      if (socket !== current || stopped) return;
      socket = null;
      setTimeout(connect, options.reconnectDelayMs ?? RECONNECT_DELAY_MS);
    });
  };
  connect();

  return {
    close() {
      stopped = true;
      socket?.close();
    },
  };
}
