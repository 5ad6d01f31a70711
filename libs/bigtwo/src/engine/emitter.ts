import { DecisionEmitter } from '@tablecast/game-kit';
import type { BigTwoEvent } from '../events/catalog';
import { evolveBigTwo } from './evolve';
import type { BigTwoState } from './state';
import type { B2RuleViolation } from './violation';

export type B2Decision = { readonly ok: true; readonly events: readonly BigTwoEvent[] } | B2RuleViolation;

/** Collects a decision's events while folding them (game-kit's DecisionEmitter over this game's fold). */
export class B2Emitter extends DecisionEmitter<BigTwoState, BigTwoEvent> {
  constructor(state: BigTwoState) {
    super(state, evolveBigTwo);
  }
}
