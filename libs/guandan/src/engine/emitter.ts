import { evolve } from './evolve';
import type { MatchState } from './state';
import type { Decision as GameDecision } from '@tablecast/game-kit';
import type { GuandanEvent } from '../events/catalog';
import type { RuleViolation } from './violation';

/** What `decide` answers: the command's events, or the rule it breaks. */
export type Decision = GameDecision<GuandanEvent>;

/**
 * A decision with the state its events fold the given state to. The emitter has folded them while
 * deciding, so a caller that keeps the state (a playout, a simulated match) need not fold them again.
 */
export type FoldedDecision =
  | {
      readonly ok: true;
      readonly events: readonly GuandanEvent[];
      readonly state: MatchState;
      /** The state after each event in turn (the last is `state`): what a reader of the log sees after it. */
      readonly states: readonly MatchState[];
    }
  | RuleViolation;

/**
 * Collects a decision's events while folding them into the state, so later steps of the same
 * decision (trick end, hand end, match end) see the consequences of earlier ones.
 */
export class Emitter {
  readonly events: GuandanEvent[] = [];
  readonly states: MatchState[] = [];

  constructor(public state: MatchState) {}

  emit(event: GuandanEvent): this {
    this.events.push(event);
    this.state = evolve(this.state, event);
    this.states.push(this.state);
    return this;
  }

  done(): FoldedDecision {
    return { ok: true, events: this.events, state: this.state, states: this.states };
  }
}
