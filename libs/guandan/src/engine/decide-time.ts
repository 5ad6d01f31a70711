import { SEATS, seatNameZh } from '../model/seats';
import type { ReportThinkingTime } from './commands';
import { tributers } from './decide-deal';
import { decidePenalty } from './decide-penalty';
import type { FoldedDecision } from './emitter';
import type { HandState, MatchState } from './state';
import { violation } from './violation';

/**
 * The table clock reports how long a player has been thinking; the ruleset's limits turn it into
 * a warning or a violation, recorded as an ordinary penalty (so a replay re-decides it as one).
 * GD-TIME-1 / GD-VAR-004-7 while playing; GD-TRIB-7 / GD-TIME-2 while paying or returning tribute.
 */
export function decideThinkingTime(cmd: ReportThinkingTime, state: MatchState): FoldedDecision {
  const hand = state.hand;
  if (hand?.phase === 'tribute') return tributeTime(cmd, state, hand);
  if (hand?.phase !== 'play' || hand.turn !== cmd.seat) {
    return violation('GD-TIME-1', `${cmd.seat} is not on turn`, `${seatNameZh(cmd.seat)}不在出牌轮次`);
  }
  const limits = state.ruleset.playTimeLimit;
  // The first play of a deal: nobody has played a card yet (tribute exchanges keep 27 each).
  const firstPlay = SEATS.every((s) => hand.hands[s].length === 27);
  const special = firstPlay && limits.firstPlaySeconds !== null;
  const warnAt = special ? (limits.firstPlaySeconds ?? limits.warningSeconds) : limits.warningSeconds;
  const violateAt = special ? null : limits.violationSeconds;
  return sanctionFor(cmd, state, 'GD-TIME-1', warnAt, violateAt);
}

/** GD-TRIB-7: 15 s to pay, 30 s to return; a warning at the limit, a violation 15 s later. */
function tributeTime(cmd: ReportThinkingTime, state: MatchState, hand: HandState): FoldedDecision {
  const owesTribute =
    tributers(state).includes(cmd.seat) && !hand.tributesGiven.some((t) => t.from === cmd.seat);
  const owesReturn = hand.assignments.some((a) => a.to === cmd.seat) && !hand.returnedBy.includes(cmd.seat);
  if (!owesTribute && !owesReturn) {
    return violation(
      'GD-TRIB-7',
      `${cmd.seat} owes no tribute or return`,
      `${seatNameZh(cmd.seat)}无需进贡或还牌`,
    );
  }
  const limits = state.ruleset.tributeTimeLimit;
  const limit = owesTribute ? limits.tributeSeconds : limits.returnSeconds;
  return sanctionFor(cmd, state, 'GD-TRIB-7', limit, limit + limits.escalationSeconds);
}

function sanctionFor(
  cmd: ReportThinkingTime,
  state: MatchState,
  rule: string,
  warnAt: number,
  violateAt: number | null,
): FoldedDecision {
  const sanction =
    violateAt !== null && cmd.seconds >= violateAt ? 'violation' : cmd.seconds >= warnAt ? 'warning' : null;
  if (sanction === null) {
    return violation(rule, `${cmd.seconds} s is within the time limit`, `${cmd.seconds} 秒未超时`);
  }
  return decidePenalty(
    {
      type: 'IssuePenalty',
      seat: cmd.seat,
      sanction,
      rule,
      refereeId: cmd.refereeId,
      note: `${cmd.seconds} s`,
    },
    state,
  );
}
