import type { FeedGame } from '@tablecast/broadcast';
import { doudizhuModule, type DoudizhuView } from '@tablecast/doudizhu';

/** Dou Dizhu's view on a feed frame: the module's view as it is, and where it stands in the log. */
export interface DoudizhuFeedView extends DoudizhuView {
  readonly matchId: string;
  /** The recorded time (ISO) of the last event the view includes. */
  readonly asOf: string;
  /**
   * The stream revision of that event (what a command is sent at). `revision` stays the module's:
   * the turn clock's `since` counts in it (DDZ-BID-6, DDZ-DBL-1/2, DDZ-PLAY-6).
   */
  readonly streamRevision: number;
}

type DoudizhuModule = typeof doudizhuModule;
type DoudizhuState = ReturnType<DoudizhuModule['initialState']>;

/**
 * A Dou Dizhu module on the feeds: every event through its disclosure classes, the state through
 * its view for the audience's viewer. Nothing of the view is overwritten; the feed's own place in
 * the log goes beside it.
 */
export function doudizhuFeedOf(module: DoudizhuModule): FeedGame<DoudizhuState, null, DoudizhuFeedView> {
  return {
    module,
    facts: { initial: null, advance: () => null },
    view: ({ matchId, revision, asOf, match }, viewer) => ({
      ...module.view(match, viewer),
      matchId,
      asOf,
      streamRevision: revision,
    }),
    // Each player's running total over the boards played, the player by name.
    score: (view) => view.seats.map((seat) => ({ side: seat.name, value: String(seat.total) })),
  };
}
