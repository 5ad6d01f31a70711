import { turnClockDue, type TurnClockDue } from '@tablecast/game-kit';
import { timeoutDefault, turnClock } from '../engine/clock';
import type { DoudizhuCommand } from '../engine/commands';
import type { DoudizhuState } from '../engine/state';

/**
 * DDZ-GEN-2: the software times every turn (DDZ-BID-6, DDZ-DBL-1/2, DDZ-PLAY-6). The clock's seats
 * as the platform names them, its deadline, and the default the server sends when it runs out.
 */
export function doudizhuTurnClock(state: DoudizhuState): TurnClockDue<DoudizhuCommand> | null {
  return turnClockDue(turnClock(state), timeoutDefault(state));
}
