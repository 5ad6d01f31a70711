import type { BigTwoEvent } from '../events/catalog';
import { evolveBigTwo } from './evolve';
import { initialBigTwoState, type BigTwoState } from './state';

/** Replay: the fold of the log over the initial state rebuilds the match exactly. */
export function replayBigTwo(events: readonly BigTwoEvent[]): BigTwoState {
  return events.reduce(evolveBigTwo, initialBigTwoState());
}
