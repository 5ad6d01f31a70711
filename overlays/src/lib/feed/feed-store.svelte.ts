import { websocketUrl } from '../server-connection';
import { connectFeed } from './feed-connection';
import { markFrameArrived } from './paint-marks';
import type { FeedAudience, FeedState } from './feed-state';

export interface FeedStore {
  /** Reactive (Svelte 5 runes): read it in a component or `$derived` and it re-renders. */
  readonly state: FeedState;
  close(): void;
}

/**
 * The overlays' headless feed store: a rune holding the feed state of one match, fed by the
 * websocket of the server that served the page. Components only read `store.state`.
 */
export function createFeedStore(matchId: string, audience: FeedAudience): FeedStore {
  let state = $state.raw<FeedState | null>(null);
  const connection = connectFeed({
    url: websocketUrl(window.location),
    matchId,
    audience,
    openSocket: (url) => new WebSocket(url),
    onState(next, previous) {
      if (next.seq !== previous.seq) markFrameArrived(next.seq);
      state = next;
    },
  });
  state = connection.current();
  return {
    get state(): FeedState {
      return state ?? connection.current();
    },
    close: () => {
      connection.close();
    },
  };
}
