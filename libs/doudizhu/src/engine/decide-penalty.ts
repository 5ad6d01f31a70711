import {
  decideAppeal as decideRulingAppeal,
  decideIssuePenalty,
  decideLodgeAppeal as decideRulingLodge,
  type RulingRules,
} from '@tablecast/game-kit';
import { isSeat, type Seat } from '../events/primitives';
import type { DecideAppeal, DdzIssuePenalty, LodgeAppeal } from './commands';
import type { DdzDecision } from './emitter';
import type { DoudizhuState } from './state';

/**
 * DDZ-GEN-2: arbiters keep order and rule on breaches (e.g. DDZ-PLAY-7), naming the rule;
 * DDZ-APL-1: an appeal against a ruling, no later than 3 hours after the end of the competition;
 * DDZ-APL-2: the committee decides by majority, the decision is final, success refunds the fee.
 */
const DDZ_RULINGS: RulingRules<Seat> = {
  game: 'DDZ',
  order: 'DDZ-GEN-2',
  lodge: 'DDZ-APL-1',
  decide: 'DDZ-APL-2',
  isSeat,
  seats: ['seat: 0, 1 or 2', '座位须为0、1或2号位'],
};

export function decidePenalty(cmd: DdzIssuePenalty, state: DoudizhuState): DdzDecision {
  return decideIssuePenalty(cmd, state, DDZ_RULINGS);
}

export function decideLodgeAppeal(cmd: LodgeAppeal, state: DoudizhuState): DdzDecision {
  return decideRulingLodge(cmd, state, DDZ_RULINGS);
}

export function decideAppeal(cmd: DecideAppeal, state: DoudizhuState): DdzDecision {
  return decideRulingAppeal(cmd, state, DDZ_RULINGS);
}
