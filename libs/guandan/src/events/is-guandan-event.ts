import { guandanEventTypes, type GuandanEvent } from './catalog';

const guandanTypes: ReadonlySet<string> = new Set(guandanEventTypes);

/**
 * Whether an event of a mixed stream (a match stream also holds appeals, corrections and other
 * facts) is one of the game's own events, the ones evolve folds.
 */
export function isGuandanEvent<E extends { readonly type: string }>(event: E): event is E & GuandanEvent {
  return guandanTypes.has(event.type);
}
