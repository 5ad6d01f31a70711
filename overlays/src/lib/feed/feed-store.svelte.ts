import { flushSync } from 'svelte';
import { websocketUrl } from '../server-connection';
import { connectFeed } from './feed-connection';
import type { FeedAudience, FeedState } from './feed-state';
import { markFrameArrived, measureFramesPainted } from './paint-marks';

export interface FeedStore {
  /** Reactive (Svelte 5 runes): read it in a component or `$derived` and it re-renders. */
  readonly state: FeedState;
  close(): void;
}

/**
 * The overlays' headless feed store: a rune holding the feed state of one match, fed by the
 * websocket of the server that served the page. Components only read `store.state`.
 *
 * Redraws are batched per animation frame (as chessground does): the delayed broadcast feed
 * releases events in bursts, and rendering every frame of a burst would only delay the newest one.
 * The state itself is folded on every message, so nothing is skipped, only intermediate pictures.
 */
export function createFeedStore(matchId: string, audience: FeedAudience): FeedStore {
  let pending: FeedState | null = null;
  let arrived: number[] = [];
  const connection = connectFeed({
    url: websocketUrl(window.location),
    matchId,
    audience,
    openSocket: (url) => new WebSocket(url),
    onState(next, previous) {
      if (next.seq !== previous.seq) {
        markFrameArrived(next.seq);
        arrived.push(next.seq);
      }
      if (pending === null) requestAnimationFrame(render);
      pending = next;
    },
  });
  let state = $state.raw<FeedState>(connection.current());

  function render(): void {
    if (pending === null) return;
    state = pending;
    pending = null;
    flushSync();
    measureFramesPainted(arrived);
    arrived = [];
  }

  return {
    get state(): FeedState {
      return state;
    },
    close: () => {
      connection.close();
    },
  };
}
