import type { FeedGame } from '@tablecast/broadcast';
import { bigtwoModule, type BigTwoView } from '@tablecast/bigtwo';

/** Big Two's view on a feed frame: the module's view as it is, and where it stands in the log. */
export interface BigTwoFeedView extends BigTwoView {
  readonly matchId: string;
  /** The recorded time (ISO) of the last event the view includes. */
  readonly asOf: string;
  /** The stream revision of that event; `revision` stays the module's (the turn clock counts in it). */
  readonly streamRevision: number;
}

type BigTwoModule = typeof bigtwoModule;
type BigTwoState = ReturnType<BigTwoModule['initialState']>;

/**
 * Big Two on the feeds: every event through its disclosure classes, the state through its view
 * for the audience's viewer: shown hands (B2-SHOW-1), doubles, card counts, factors and the 報單
 * alert live; every other hand only on the delayed broadcast.
 */
export function bigtwoFeedOf(module: BigTwoModule): FeedGame<BigTwoState, null, BigTwoFeedView> {
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

export const bigtwoFeed = bigtwoFeedOf(bigtwoModule);
