import { evolve } from './evolve';
import type { MatchState } from './state';
import type { Decision as GameDecision } from '@tablecast/game-kit';
import type { GuandanEvent } from '../events/catalog';

export type Decision = GameDecision<GuandanEvent>;

/**
 * Collects a decision's events while folding them into the state, so later steps of the same
 * decision (trick end, hand end, match end) see the consequences of earlier ones.
 */
export class Emitter {
  readonly events: GuandanEvent[] = [];

  constructor(public state: MatchState) {}

  emit(event: GuandanEvent): this {
    this.events.push(event);
    this.state = evolve(this.state, event);
    return this;
  }

  done(): Decision {
    return { ok: true, events: this.events };
  }
}
