import type { DoudizhuEvent } from '../events/catalog';
import { evolveDoudizhu } from './evolve';
import { initialDoudizhuState, type DoudizhuState } from './state';

/** Replay: the fold of the log over the initial state rebuilds the match exactly. */
export function replayDoudizhu(events: readonly DoudizhuEvent[]): DoudizhuState {
  return events.reduce(evolveDoudizhu, initialDoudizhuState());
}
