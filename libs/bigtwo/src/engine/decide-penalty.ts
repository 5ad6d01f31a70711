import {
  decideAppeal as decideRulingAppeal,
  decideIssuePenalty,
  decideLodgeAppeal as decideRulingLodge,
  type RulingRules,
} from '@tablecast/game-kit';
import { isSeat, type Seat } from '../events/primitives';
import type { B2DecideAppeal, B2IssuePenalty, B2LodgeAppeal } from './commands';
import type { B2Decision } from './emitter';
import type { BigTwoState } from './state';

/**
 * B2-GEN-2: arbiters keep order and rule on breaches (e.g. B2-PLAY-9), naming the rule; B2-APL-1:
 * an appeal against a ruling, no later than 3 hours after the end of the competition; B2-APL-2:
 * the committee decides by majority, the decision is final, success refunds the fee.
 */
const B2_RULINGS: RulingRules<Seat> = {
  game: 'B2',
  order: 'B2-GEN-2',
  lodge: 'B2-APL-1',
  decide: 'B2-APL-2',
  isSeat,
  seats: ['seat: S, E, N or W', '座位须为南、东、北或西'],
};

export function decidePenalty(cmd: B2IssuePenalty, state: BigTwoState): B2Decision {
  return decideIssuePenalty(cmd, state, B2_RULINGS);
}

export function decideLodgeAppeal(cmd: B2LodgeAppeal, state: BigTwoState): B2Decision {
  return decideRulingLodge(cmd, state, B2_RULINGS);
}

export function decideAppeal(cmd: B2DecideAppeal, state: BigTwoState): B2Decision {
  return decideRulingAppeal(cmd, state, B2_RULINGS);
}
