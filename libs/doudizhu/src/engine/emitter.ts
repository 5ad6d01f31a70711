import type { DoudizhuEvent } from '../events/catalog';
import { evolveDoudizhu } from './evolve';
import type { DoudizhuState } from './state';
import type { DdzRuleViolation } from './violation';

export type DdzDecision = { readonly ok: true; readonly events: readonly DoudizhuEvent[] } | DdzRuleViolation;

/** Collects a decision's events while folding them, so later steps see earlier consequences. */
export class DdzEmitter {
  readonly events: DoudizhuEvent[] = [];

  constructor(public state: DoudizhuState) {}

  emit(event: DoudizhuEvent): this {
    this.events.push(event);
    this.state = evolveDoudizhu(this.state, event);
    return this;
  }

  done(): DdzDecision {
    return { ok: true, events: this.events };
  }
}
