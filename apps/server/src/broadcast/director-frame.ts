import type { FeedFrame, HandView, MatchView } from '@tablecast/protocol';

/**
 * What the director and the program's proposals read of a broadcast frame's view: the game it
 * names (every game's but Guandan's), its status (a match's end), and of Guandan's the moment on
 * air and the match point (GD-LVL-5: the deal's number and level team, the levels). A whole view is
 * one of these; the rest of it (the hands, the trick, the history) is the overlays'.
 */
export interface DirectorView {
  readonly game?: string;
  readonly status?: unknown;
  readonly moment?: MatchView['moment'];
  readonly levels?: MatchView['levels'];
  readonly hand?: Pick<HandView, 'number' | 'levelTeam'> | null;
}

/** A broadcast frame as the director reads it: a whole frame is one, and so is `directorFrameOf`'s. */
export type DirectorFrame = FeedFrame<DirectorView>;

/**
 * The frame with its view cut to what the director reads (FEEDS_THREAD=worker: the feeds thread
 * sends it beside each broadcast frame, so the main thread's director does not parse the frame's
 * bytes again for a few fields).
 */
export function directorFrameOf(frame: FeedFrame<unknown>): DirectorFrame {
  const view = frame.view as (DirectorView & { readonly hand?: HandView | null }) | null;
  if (view === null) return { ...frame, view: null };
  const pared: { -readonly [K in keyof DirectorView]: DirectorView[K] } = {};
  if (view.game !== undefined) pared.game = view.game;
  if (view.status !== undefined) pared.status = view.status;
  if (view.moment !== undefined) pared.moment = view.moment;
  if (view.levels !== undefined) pared.levels = view.levels;
  if (view.hand !== undefined)
    pared.hand = view.hand === null ? null : { number: view.hand.number, levelTeam: view.hand.levelTeam };
  return { ...frame, view: pared };
}
