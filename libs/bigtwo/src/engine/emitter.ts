import type { BigTwoEvent } from '../events/catalog';
import { evolveBigTwo } from './evolve';
import type { BigTwoState } from './state';
import type { B2RuleViolation } from './violation';

export type B2Decision = { readonly ok: true; readonly events: readonly BigTwoEvent[] } | B2RuleViolation;

/** Collects a decision's events while folding them, so later steps see earlier consequences. */
export class B2Emitter {
  readonly events: BigTwoEvent[] = [];

  constructor(public state: BigTwoState) {}

  emit(event: BigTwoEvent): this {
    this.events.push(event);
    this.state = evolveBigTwo(this.state, event);
    return this;
  }

  done(): B2Decision {
    return { ok: true, events: this.events };
  }
}
