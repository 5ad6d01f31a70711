import type {
  AnyGameModule,
  GameCommand,
  GameEvent,
  GameModule,
  GameViewBase,
  Viewer,
} from '@tablecast/game-kit';

/** One game event folded by the feed: the state before and after it, and where it is in the log. */
export interface FeedStep<S> {
  readonly event: GameEvent;
  readonly before: S;
  readonly after: S;
  readonly revision: number;
  /** The event's recorded time (ISO). */
  readonly at: string;
}

/** What a game's feed view is built from: the match as the live or the delayed feed holds it. */
export interface FeedSnapshot<S, F> {
  readonly matchId: string;
  /** Stream revision of the last event included. */
  readonly revision: number;
  /** That event's recorded time (ISO). */
  readonly asOf: string;
  /** The game's state (every hand: hidden information until a view is made of it). */
  readonly match: S;
  /** What the screens show that the game's state does not keep (names, plays per seat, clocks, moments). */
  readonly facts: F;
}

/**
 * A game as the match feeds take it. The feeds know no game: the caller injects this (the server
 * takes it from the registry). Every decision about what an audience sees goes through the
 * module: its disclosure classes decide each event (`discloseEvent`, failing closed), and `view`
 * builds the state for a viewer from `module.view(state, viewer)`, so a hidden card stays hidden
 * on every feed. `facts` folds what the screens need beyond the state; it may hold hidden cards,
 * which only `view` may turn into something a viewer sees.
 */
export interface FeedGame<S = unknown, F = unknown, V = unknown> {
  readonly module: AnyGameModule;
  readonly facts: {
    readonly initial: F;
    advance(facts: F, step: FeedStep<S>): F;
  };
  view(snapshot: FeedSnapshot<S, F>, viewer: Viewer): V;
  /**
   * Each side's score as a spectator reads it on a frame view this game made (a partnership's
   * level, a player's running total), the side named as the view names it: what a list of tables
   * shows of a live match, read from the venue feed without knowing the game.
   */
  score(view: V): readonly SideScore[];
}

/** One side's score in words: who (as the view names the side) and the score as shown. */
export interface SideScore {
  readonly side: string;
  readonly value: string;
}

/** Every game view a feed frame carries has at least these. */
export interface FeedViewBase {
  readonly matchId: string;
  readonly revision: number;
  readonly asOf: string;
}

/** The frame view of a game that shows nothing beyond its module's view: base fields plus `module.view`. */
export type ModuleFeedView<V> = FeedViewBase & V;

/**
 * A game whose feeds show exactly its module's view (no facts of their own): the view is
 * `module.view(state, viewer)` with the frame's match id, revision and time.
 */
export function moduleFeedGame<S, V extends GameViewBase>(
  module: GameModule<S, GameCommand, GameEvent, unknown, V>,
  score: (view: ModuleFeedView<V>) => readonly SideScore[],
): FeedGame<S, null, ModuleFeedView<V>> {
  return {
    module,
    facts: { initial: null, advance: () => null },
    score,
    view: ({ matchId, revision, asOf, match }, viewer) => ({
      ...module.view(match, viewer),
      matchId,
      revision,
      asOf,
    }),
  };
}
