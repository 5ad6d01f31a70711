import type { DoudizhuCommand } from './commands';
import { decideLiftHold, decideReveal } from './board-end';
import { decideBid } from './decide-bid';
import { decideDeal } from './decide-deal';
import { decideDouble, decideRedouble } from './decide-double';
import { decideCreateMatch, decideEndMatch } from './decide-match';
import { decideAppeal, decideLodgeAppeal, decidePenalty } from './decide-penalty';
import { decidePass, decidePlay } from './decide-play';
import type { DdzDecision } from './emitter';
import type { DoudizhuState } from './state';
import { ddzViolation } from './violation';

/**
 * decide(command, state) -> events | violation: the arbiter of every Dou Dizhu event (DDZ-GEN-2:
 * the software prevents every breach). Pure: the same command on the same state, the same answer.
 */
export function decideDoudizhu(command: DoudizhuCommand, state: DoudizhuState): DdzDecision {
  // DDZ-APL-1: after the end of the competition only appeals (and their decisions) are recorded.
  // DDZ-GEN-1: a duplicate board played here is still revealed once the other tables have played it.
  const afterEnd = ['LodgeAppeal', 'DecideAppeal', 'RevealBoard', 'LiftBoardHold'];
  if (state.status === 'ended' && !afterEnd.includes(command.type)) {
    return ddzViolation('DDZ-END-1', 'the match is over', '本场比赛已结束');
  }
  switch (command.type) {
    case 'CreateMatch':
      return decideCreateMatch(command, state);
    case 'DealBoard':
      return decideDeal(command, state);
    case 'RevealBoard':
      return decideReveal(command, state);
    case 'LiftBoardHold':
      return decideLiftHold(command, state);
    case 'Bid':
      return decideBid(command, state);
    case 'Double':
      return decideDouble(command, state);
    case 'Redouble':
      return decideRedouble(command, state);
    case 'PlayCards':
      return decidePlay(command, state);
    case 'Pass':
      return decidePass(command, state);
    case 'IssuePenalty':
      return decidePenalty(command, state);
    case 'LodgeAppeal':
      return decideLodgeAppeal(command, state);
    case 'DecideAppeal':
      return decideAppeal(command, state);
    case 'EndMatch':
      return decideEndMatch(command, state);
    default:
      return unknownCommand(command);
  }
}

function unknownCommand(command: never): DdzDecision {
  return ddzViolation('DDZ-GEN-2', `unknown command ${JSON.stringify(command)}`, '未知指令');
}
