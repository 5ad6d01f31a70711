import type { FeedEvent, FeedFrame, FeedStatus, MatchView, ServerMessage } from '@tablecast/protocol';

export type FeedAudience = 'broadcast' | 'venue';
export type FeedLink = 'connecting' | 'open' | 'reconnecting';

/**
 * What a page shows of one match feed, kept apart from the DOM (STYLE 11). `seq` is the last frame
 * applied: the next `subscribe` resumes after it. `awaitingSnapshot` is set when the server could
 * not resume (restart, or too far behind): the next frame is its snapshot and is taken even if its
 * seq is lower, but only if its view is not older than the one on screen.
 */
export interface FeedState {
  readonly matchId: string;
  readonly audience: FeedAudience;
  /** The match's game from the frames' header; null before the first frame or from an older server. */
  readonly game: string | null;
  readonly connection: FeedLink;
  readonly status: FeedStatus | null;
  readonly view: MatchView | null;
  readonly event: FeedEvent | null;
  readonly seq: number;
  readonly awaitingSnapshot: boolean;
}

export function initialFeedState(matchId: string, audience: FeedAudience): FeedState {
  return {
    matchId,
    audience,
    game: null,
    connection: 'connecting',
    status: null,
    view: null,
    event: null,
    seq: 0,
    awaitingSnapshot: true,
  };
}

/** The message a client sends on every (re)connect: resume after the last frame shown, if any. */
export function subscribeMessage(state: FeedState): {
  type: 'subscribe';
  matchId: string;
  audience: FeedAudience;
  lastSeq?: number;
} {
  return state.seq > 0
    ? { type: 'subscribe', matchId: state.matchId, audience: state.audience, lastSeq: state.seq }
    : { type: 'subscribe', matchId: state.matchId, audience: state.audience };
}

function applyFrame(state: FeedState, frame: FeedFrame): FeedState {
  if (frame.matchId !== state.matchId || frame.audience !== state.audience) return state;
  // A duplicate or late frame (a resumed socket racing the old one) never rolls the page back.
  if (!state.awaitingSnapshot && frame.seq <= state.seq) return state;
  if (frame.view !== null && state.view !== null && frame.view.revision < state.view.revision) return state;
  return {
    ...state,
    game: frame.game ?? state.game,
    status: frame.status,
    // A status-only frame (delay building after a fault) keeps the last view: the page decides
    // to cover it with the delay card; a reconnect never flicks back to an empty table.
    view: frame.view ?? state.view,
    event: frame.event,
    seq: frame.seq,
    awaitingSnapshot: false,
  };
}

/** Folds one server message into the feed state; anything not about this feed leaves it unchanged. */
export function receive(state: FeedState, message: ServerMessage): FeedState {
  switch (message.type) {
    case 'subscribed':
      if (message.matchId !== state.matchId) return state;
      return { ...state, connection: 'open', awaitingSnapshot: !message.resumed };
    case 'feed':
      return applyFrame(state, message);
    case 'hello':
    case 'pong':
    case 'authenticated':
    case 'commandResult':
    case 'error':
    case 'following': // which match to follow is the connection's business (feed-connection.ts)
    case 'control': // refresh and cues are the connection's business, not the feed state's
      return state;
  }
}

/** The socket closed: keep everything shown and say we are reconnecting (staff previews show it). */
export function disconnected(state: FeedState): FeedState {
  return { ...state, connection: 'reconnecting' };
}
