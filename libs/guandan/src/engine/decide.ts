import type { GuandanCommand } from './commands';
import { decideDeal } from './decide-deal';
import { decideBanExposedType, decideShownCard, decideWrongLead } from './decide-duties';
import {
  decideAwardLevels,
  decideCallTime,
  decideCreateMatch,
  decideForfeit,
  decideLateArrival,
} from './decide-match';
import { decidePenalty } from './decide-penalty';
import { decideThinkingTime } from './decide-time';
import { decideOutOfTurnPlay } from './decide-out-of-turn';
import { decidePass, decidePlay } from './decide-play';
import {
  decideChooseReturn,
  decideDesignateLeader,
  decideGiveTribute,
  decideResistTribute,
  decideReturnTribute,
} from './decide-tribute';
import type { Decision, FoldedDecision } from './emitter';
import type { MatchState } from './state';
import { violation } from './violation';

/**
 * decide(command, state) -> events | RuleViolation: the arbiter of every event the system accepts.
 * Pure: the same command on the same state always gives the same answer.
 */
export function decide(command: GuandanCommand, state: MatchState): Decision {
  const decision = decideFolded(command, state);
  return decision.ok ? { ok: true, events: decision.events } : decision;
}

/**
 * `decide`, with the state its events fold `state` to (the same as `evolve` over them): the deciders
 * fold each event as they emit it, so a caller that goes on from that state takes it from here.
 */
export function decideFolded(command: GuandanCommand, state: MatchState): FoldedDecision {
  if (state.status === 'ended' && command.type !== 'CreateMatch') {
    return violation('GD-FMT-1', 'the game is over', '本局比赛已结束');
  }
  switch (command.type) {
    case 'CreateMatch':
      return decideCreateMatch(command, state);
    case 'DealCards':
      return decideDeal(command, state);
    case 'GiveTribute':
      return decideGiveTribute(command, state);
    case 'ReturnTribute':
      return decideReturnTribute(command, state);
    case 'ChooseReturn':
      return decideChooseReturn(command, state);
    case 'ResistTribute':
      return decideResistTribute(command, state);
    case 'DesignateLeader':
      return decideDesignateLeader(command, state);
    case 'PlayCards':
      return decidePlay(command, state);
    case 'Pass':
      return decidePass(command, state);
    case 'IssuePenalty':
      return decidePenalty(command, state);
    case 'RecordShownCard':
      return decideShownCard(command, state);
    case 'RuleWrongLead':
      return decideWrongLead(command, state);
    case 'BanExposedType':
      return decideBanExposedType(command, state);
    case 'ReportThinkingTime':
      return decideThinkingTime(command, state);
    case 'PenalizeOutOfTurnPlay':
      return decideOutOfTurnPlay(command, state);
    case 'AwardLevels':
      return decideAwardLevels(command, state);
    case 'RecordLateArrival':
      return decideLateArrival(command, state);
    case 'CallTime':
      return decideCallTime(command, state);
    case 'ForfeitMatch':
      return decideForfeit(command, state);
    default:
      return unknownCommand(command);
  }
}

function unknownCommand(command: never): FoldedDecision {
  return violation('GD-COMBO-11', `unknown command ${JSON.stringify(command)}`, '未知指令');
}
