import { turnClockDue, type TurnClockDue } from '@tablecast/game-kit';
import { timeoutDefault, turnClock } from '../engine/clock';
import type { BigTwoCommand } from '../engine/commands';
import type { BigTwoState } from '../engine/state';

/**
 * B2-GEN-2: the software times the show choice (B2-SHOW-1) and each doubling choice (B2-DBL-1);
 * play only under a ruleset that sets a play clock (B2-PLAY-8). The default it records when one
 * runs out.
 */
export function bigtwoTurnClock(state: BigTwoState): TurnClockDue<BigTwoCommand> | null {
  return turnClockDue(turnClock(state), timeoutDefault(state));
}
