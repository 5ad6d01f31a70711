import type { BigTwoCommand } from './commands';
import { decideLiftHold, decideReveal } from './board-end';
import { decideDouble, decideShow } from './decide-choice';
import { decideDeal } from './decide-deal';
import { decideCreateMatch, decideEndMatch } from './decide-match';
import { decideAppeal, decideLodgeAppeal, decidePenalty } from './decide-penalty';
import { decidePass, decidePlay } from './decide-play';
import type { B2Decision } from './emitter';
import type { BigTwoState } from './state';
import { b2Violation } from './violation';

/**
 * decide(command, state) -> events | violation: the arbiter of every Big Two event (B2-GEN-2: the
 * software prevents every breach). Pure: the same command on the same state, the same answer.
 */
export function decideBigTwo(command: BigTwoCommand, state: BigTwoState): B2Decision {
  // B2-APL-1: after the end of the competition only appeals (and their decisions) are recorded.
  // DEC-B2-4/5: a duplicate board played here is still revealed, and its hold lifted, by its set.
  const afterEnd = ['LodgeAppeal', 'DecideAppeal', 'RevealBoard', 'LiftBoardHold'];
  if (state.status === 'ended' && !afterEnd.includes(command.type)) {
    return b2Violation('B2-END-1', 'the match is over', '本场比赛已结束');
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
    case 'Show':
      return decideShow(command, state);
    case 'Double':
      return decideDouble(command, state);
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

function unknownCommand(command: never): B2Decision {
  return b2Violation('B2-GEN-2', `unknown command ${JSON.stringify(command)}`, '未知指令');
}
