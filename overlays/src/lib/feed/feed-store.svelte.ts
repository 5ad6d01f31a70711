import type { LowerThirdCaption } from '@tablecast/protocol/producer';
import { flushSync } from 'svelte';
import { websocketUrl } from '../server-connection';
import { rememberView, resolveCue, type PageCue, type RememberedMoments } from './cue-replay';
import { connectFeed, type FollowTarget, type PageIdentity } from './feed-connection';
import type { FeedAudience, FeedState } from './feed-state';
import { isThumbnail, pageIdentity } from './page-identity';
import { markFrameArrived, measureFramesPainted } from './paint-marks';

export interface FeedStore {
  /** Reactive (Svelte 5 runes): read it in a component or `$derived` and it re-renders. */
  readonly state: FeedState;
  /** The producer's latest cue for this page, reactive; null before the first. */
  readonly cue: PageCue | null;
  /**
   * The producer's latest lower-third text, reactive; null before the first. Its id counts with
   * the cues' ids: whichever of the two is higher came last.
   */
  readonly caption?: PageCaption | null;
  close(): void;
}

/** A caption as the page received it, numbered with the cues. */
export interface PageCaption {
  readonly id: number;
  readonly caption: LowerThirdCaption;
}

/**
 * The overlays' headless feed store: a rune holding the feed state of one match, fed by the
 * websocket of the server that served the page. Components only read `store.state`.
 *
 * Redraws are batched per animation frame (as chessground does): the delayed broadcast feed
 * releases events in bursts, and rendering every frame of a burst would only delay the newest one.
 * The state itself is folded on every message, so nothing is skipped, only intermediate pictures.
 * The first message after a frame is drawn at once, in the idle time before the next frame, so
 * that frame only has to style and paint it; what arrives after it waits for that frame. Either
 * way the paint mark is measured in the animation frame that shows it.
 */
export function createFeedStore(
  matchId: string,
  audience: FeedAudience,
  identity: PageIdentity | null = isThumbnail(window.location.search) ? null : pageIdentity(window.location),
  follow?: FollowTarget,
): FeedStore {
  let pending: FeedState | null = null;
  let arrived: number[] = [];
  let drawnSinceFrame = false;
  let frameRequested = false;
  // Every state is folded here, not only the painted ones, so no moment of a burst is forgotten.
  let moments: RememberedMoments = {};
  let cues = 0;
  let cue = $state.raw<PageCue | null>(null);
  let caption = $state.raw<PageCaption | null>(null);
  const connection = connectFeed({
    url: websocketUrl(window.location),
    matchId,
    audience,
    openSocket: (url) => new WebSocket(url),
    ...(identity === null ? {} : { announce: identity }),
    ...(follow === undefined ? {} : { follow }),
    onControl(message) {
      if (message.action === 'refresh') window.location.reload();
      else if (message.action === 'caption') {
        cues += 1;
        caption = { id: cues, caption: message.caption };
      } else {
        cues += 1;
        cue = resolveCue(moments, message.cue, cues);
      }
    },
    onState(next, previous) {
      if (next.view !== previous.view) moments = rememberView(moments, next.view);
      if (next.seq !== previous.seq) {
        markFrameArrived(next.seq);
        arrived.push(next.seq);
      }
      pending = next;
      if (!drawnSinceFrame) {
        drawnSinceFrame = true;
        draw();
      }
      if (!frameRequested) {
        frameRequested = true;
        requestAnimationFrame(frame);
      }
    },
  });
  let state = $state.raw<FeedState>(connection.current());

  function draw(): void {
    if (pending === null) return;
    state = pending;
    pending = null;
    flushSync();
  }

  function frame(): void {
    frameRequested = false;
    drawnSinceFrame = false;
    draw();
    measureFramesPainted(arrived);
    arrived = [];
  }

  return {
    get state(): FeedState {
      return state;
    },
    get cue(): PageCue | null {
      return cue;
    },
    get caption(): PageCaption | null {
      return caption;
    },
    close: () => {
      connection.close();
    },
  };
}
