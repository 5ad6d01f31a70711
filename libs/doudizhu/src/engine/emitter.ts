import { DecisionEmitter } from '@tablecast/game-kit';
import type { DoudizhuEvent } from '../events/catalog';
import { evolveDoudizhu } from './evolve';
import type { DoudizhuState } from './state';
import type { DdzRuleViolation } from './violation';

export type DdzDecision = { readonly ok: true; readonly events: readonly DoudizhuEvent[] } | DdzRuleViolation;

/** Collects a decision's events while folding them (game-kit's DecisionEmitter over this game's fold). */
export class DdzEmitter extends DecisionEmitter<DoudizhuState, DoudizhuEvent> {
  constructor(state: DoudizhuState) {
    super(state, evolveDoudizhu);
  }
}
