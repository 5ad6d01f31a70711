import { isSeat } from '../events/primitives';
import type {
  B2DecideAppeal as DecideAppeal,
  B2IssuePenalty,
  B2LodgeAppeal as LodgeAppeal,
} from './commands';
import { B2Emitter, type B2Decision } from './emitter';
import type { BigTwoState } from './state';
import { b2Violation } from './violation';

const HOUR_MS = 3_600_000;
const SANCTIONS: readonly unknown[] = ['warning', 'deduction'];

/** B2-GEN-2: arbiters keep order and rule on breaches (e.g. B2-PLAY-9), naming the rule. */
export function decidePenalty(cmd: B2IssuePenalty, state: BigTwoState): B2Decision {
  if (state.status === 'new') return b2Violation('B2-GEN-2', 'no match at this table', '本桌没有比赛');
  if (cmd.refereeId.trim() === '') {
    return b2Violation(
      'B2-GEN-2',
      'refereeId: only an arbiter rules on penalties',
      '只有裁判员可以判罚：须注明裁判员',
    );
  }
  if (!isSeat(cmd.seat)) return b2Violation('B2-GEN-2', 'seat: S, E, N or W', '座位须为南、东、北或西');
  if (!/^B2-[A-Z]+-\d+$/.test(cmd.rule)) {
    return b2Violation('B2-GEN-2', 'rule: name the B2 rule that was breached', '须注明所违反的规则编号');
  }
  const pointsOk =
    Number.isInteger(cmd.points) && cmd.points >= 0 && (cmd.sanction === 'deduction') === cmd.points > 0;
  if (!pointsOk || !SANCTIONS.includes(cmd.sanction)) {
    return b2Violation(
      'B2-GEN-2',
      'points: a deduction takes a whole number of points above 0, a warning none',
      '扣分须为正整数，警告不扣分',
    );
  }
  return new B2Emitter(state)
    .emit({
      type: 'PenaltyIssued',
      data: {
        penalty: state.penalties.length + 1,
        seat: cmd.seat,
        rule: cmd.rule,
        sanction: cmd.sanction,
        points: cmd.points,
        refereeId: cmd.refereeId,
        note: cmd.note ?? '',
        at: cmd.now,
      },
    })
    .done();
}

/** B2-APL-1: an appeal against a ruling, no later than 3 hours after the end of the competition. */
export function decideLodgeAppeal(cmd: LodgeAppeal, state: BigTwoState): B2Decision {
  const penalty = state.penalties.find((p) => p.data.penalty === cmd.penalty);
  if (penalty === undefined) {
    return b2Violation(
      'B2-APL-1',
      `penalty: no ruling ${String(cmd.penalty)} to appeal`,
      `没有编号为${String(cmd.penalty)}的判罚`,
    );
  }
  if (cmd.grounds.trim() === '')
    return b2Violation('B2-APL-1', 'grounds: state the grounds of the appeal', '须写明申诉理由');
  if (state.endedAt !== null && cmd.now > state.endedAt + state.ruleset.appealHours * HOUR_MS) {
    return b2Violation(
      'B2-APL-1',
      `the appeal window closed ${String(state.ruleset.appealHours)} hours after the end of the competition`,
      `申诉须在比赛结束后${String(state.ruleset.appealHours)}小时内提出，逾期无效`,
    );
  }
  if (state.appeals.some((a) => a.data.penalty === cmd.penalty)) {
    return b2Violation(
      'B2-APL-2',
      'this ruling has already been appealed',
      '该判罚已被申诉，仲裁委员会的决定为最终决定',
    );
  }
  return new B2Emitter(state)
    .emit({
      type: 'AppealLodged',
      data: {
        appeal: state.appeals.length + 1,
        penalty: cmd.penalty,
        seat: cmd.seat,
        grounds: cmd.grounds,
        lodgedAt: cmd.now,
      },
    })
    .done();
}

/** B2-APL-2: the committee decides by majority; the decision is final; success refunds the fee. */
export function decideAppeal(cmd: DecideAppeal, state: BigTwoState): B2Decision {
  const appeal = state.appeals.find((a) => a.data.appeal === cmd.appeal);
  if (appeal === undefined) {
    return b2Violation(
      'B2-APL-2',
      `appeal: no appeal ${String(cmd.appeal)}`,
      `没有编号为${String(cmd.appeal)}的申诉`,
    );
  }
  if (appeal.decision !== null)
    return b2Violation(
      'B2-APL-2',
      'the committee has decided: its decision is final',
      '仲裁委员会已作出最终决定',
    );
  const votes = [cmd.votesFor, cmd.votesAgainst];
  if (!votes.every((v) => Number.isInteger(v) && v >= 0) || cmd.votesFor === cmd.votesAgainst) {
    return b2Violation(
      'B2-APL-2',
      'votes: whole numbers with a majority one way',
      '表决票数须为整数且须有多数',
    );
  }
  const upheld = cmd.votesFor > cmd.votesAgainst;
  return new B2Emitter(state)
    .emit({
      type: 'AppealDecided',
      data: {
        appeal: cmd.appeal,
        upheld,
        votesFor: cmd.votesFor,
        votesAgainst: cmd.votesAgainst,
        feeRefunded: upheld,
        decidedAt: cmd.now,
      },
    })
    .done();
}
