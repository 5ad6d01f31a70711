import { effectiveEvents, needsRefold } from './corrections';
import type { GameEvent, RevisionedEvent } from './game-event';
import type { GameCommand, GameModule } from './module';

type ModuleOf<S, E extends GameEvent> = GameModule<S, GameCommand, E>;

const eventTypes = new WeakMap<object, ReadonlySet<string>>();

function typesOf(module: ModuleOf<unknown, GameEvent>): ReadonlySet<string> {
  let types = eventTypes.get(module);
  if (types === undefined) {
    types = new Set(module.events.map((definition) => definition.type));
    eventTypes.set(module, types);
  }
  return types;
}

/**
 * Whether an event of a mixed match stream (it also holds corrections, appeals, rulings) is one of
 * the game's own, the ones `evolve` folds.
 */
export function isGameEvent<S, E extends GameEvent, X extends { readonly type: string }>(
  module: ModuleOf<S, E>,
  event: X,
): event is X & E {
  return typesOf(module).has(event.type);
}

/** The game's events of a match stream still in effect after every confirmed correction, in order. */
export function gameEventsInEffect<S, E extends GameEvent, X extends RevisionedEvent>(
  module: ModuleOf<S, E>,
  events: readonly X[],
): (X & E)[] {
  return effectiveEvents(events).filter((event): event is X & E => isGameEvent(module, event));
}

/** Called with each game event folded, and the state it produced (for facts the engine does not keep). */
export type FoldVisitor<S, E> = (event: E, after: S) => void;

/** Called with each event of the stream that is not the game's (a result correction, an appeal), in its place. */
export type ForeignVisitor<S, X> = (event: X, state: S) => void;

/**
 * THE match fold: a whole match stream into the game's state. Events retracted by a confirmed
 * keying correction are skipped; events that are not the game's (corrections, appeals, rulings)
 * are passed over, or to `visitForeign` in their place in the stream. Every consumer (the command
 * path, projections, feeds, replays, simulation) folds through this, so they cannot disagree
 * about what the table looks like.
 */
export function foldMatch<S, E extends GameEvent, X extends RevisionedEvent>(
  module: ModuleOf<S, E>,
  events: readonly X[],
  visit?: FoldVisitor<S, X & E>,
  visitForeign?: ForeignVisitor<S, X>,
): S {
  let state = module.initialState();
  for (const event of effectiveEvents(events)) {
    if (isGameEvent(module, event)) {
      state = module.evolve(state, event);
      visit?.(event, state);
    } else {
      visitForeign?.(event, state);
    }
  }
  return state;
}

/**
 * A folded state extended with events appended after it, without reading the stream again. Not
 * for events that retract others: a confirmed correction needs `foldMatch` over the whole stream.
 */
export function extendFold<S, E extends GameEvent, X extends { readonly type: string }>(
  module: ModuleOf<S, E>,
  state: S,
  appended: readonly X[],
  visit?: FoldVisitor<S, X & E>,
): S {
  if (needsRefold(appended)) throw new RangeError('a confirmed correction needs a fold of the whole stream');
  return foldGameEvents(
    module,
    state,
    appended.filter((event): event is X & E => isGameEvent(module, event)),
    visit,
  );
}

function foldGameEvents<S, E extends GameEvent, G extends E>(
  module: ModuleOf<S, E>,
  from: S,
  events: readonly G[],
  visit: FoldVisitor<S, G> | undefined,
): S {
  let state = from;
  for (const event of events) {
    state = module.evolve(state, event);
    visit?.(event, state);
  }
  return state;
}
