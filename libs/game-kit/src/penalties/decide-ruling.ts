import { violation, type Decision, type RuleViolation } from '../decision';
import { SANCTIONS, type RulingEvent } from './penalty-events';
import type { DecideAppeal, IssuePenalty, LodgeAppeal } from './ruling-commands';
import type { RulingLedger } from './ruling-ledger';

const HOUR_MS = 3_600_000;
const SANCTION_VALUES: readonly unknown[] = SANCTIONS;

/**
 * A game's rules on rulings and appeals: every refusal names one of them, so a game keeps its own
 * rule IDs (e.g. DDZ-GEN-2, DDZ-APL-1, DDZ-APL-2) where the shared decider enforces them.
 */
export interface RulingRules<Seat> {
  /** The game's code in rule IDs ("DDZ", "B2"): a penalty must name a rule of this game. */
  readonly game: string;
  /** Arbiters keep order and rule on breaches (…-GEN-2). */
  readonly order: string;
  /** An appeal against a ruling, lodged within the window after the end of the competition (…-APL-1). */
  readonly lodge: string;
  /** The committee decides by majority; its decision is final (…-APL-2). */
  readonly decide: string;
  readonly isSeat: (value: unknown) => value is Seat;
  /** How the game names its seats, for a refused seat: English and Chinese. */
  readonly seats: readonly [message: string, messageZh: string];
}

/** What the deciders read of a match's state. */
export interface RulingState<Seat> extends RulingLedger<Seat> {
  readonly status: string;
  readonly endedAt: number | null;
  readonly ruleset: { readonly appealHours: number };
}

/** Arbiters keep order and rule on breaches, naming the game's rule that was breached. */
export function decideIssuePenalty<Seat>(
  cmd: IssuePenalty<Seat>,
  state: RulingState<Seat>,
  rules: RulingRules<Seat>,
): Decision<RulingEvent<Seat>> {
  const refuse = (message: string, messageZh: string): RuleViolation =>
    violation(rules.order, message, messageZh);
  if (state.status === 'new') return refuse('no match at this table', '本桌没有比赛');
  if (cmd.refereeId.trim() === '') {
    return refuse('refereeId: only an arbiter rules on penalties', '只有裁判员可以判罚：须注明裁判员');
  }
  if (!rules.isSeat(cmd.seat)) return refuse(...rules.seats);
  if (!new RegExp(`^${rules.game}-[A-Z]+-\\d+$`).test(cmd.rule)) {
    return refuse(`rule: name the ${rules.game} rule that was breached`, '须注明所违反的规则编号');
  }
  const pointsOk =
    Number.isInteger(cmd.points) && cmd.points >= 0 && (cmd.sanction === 'deduction') === cmd.points > 0;
  if (!pointsOk || !SANCTION_VALUES.includes(cmd.sanction)) {
    return refuse(
      'points: a deduction takes a whole number of points above 0, a warning none',
      '扣分须为正整数，警告不扣分',
    );
  }
  const data = {
    penalty: state.penalties.length + 1,
    seat: cmd.seat,
    rule: cmd.rule,
    sanction: cmd.sanction,
    points: cmd.points,
    refereeId: cmd.refereeId,
    note: cmd.note ?? '',
    at: cmd.now,
  };
  return { ok: true, events: [{ type: 'PenaltyIssued', data }] };
}

/** An appeal against a ruling, no later than the ruleset's hours after the end of the competition. */
export function decideLodgeAppeal<Seat>(
  cmd: LodgeAppeal<Seat>,
  state: RulingState<Seat>,
  rules: RulingRules<Seat>,
): Decision<RulingEvent<Seat>> {
  const penalty = state.penalties.find((p) => p.data.penalty === cmd.penalty);
  if (penalty === undefined) {
    return violation(
      rules.lodge,
      `penalty: no ruling ${String(cmd.penalty)} to appeal`,
      `没有编号为${String(cmd.penalty)}的判罚`,
    );
  }
  if (cmd.grounds.trim() === '')
    return violation(rules.lodge, 'grounds: state the grounds of the appeal', '须写明申诉理由');
  const hours = state.ruleset.appealHours;
  if (state.endedAt !== null && cmd.now > state.endedAt + hours * HOUR_MS) {
    return violation(
      rules.lodge,
      `the appeal window closed ${String(hours)} hours after the end of the competition`,
      `申诉须在比赛结束后${String(hours)}小时内提出，逾期无效`,
    );
  }
  if (state.appeals.some((a) => a.data.penalty === cmd.penalty)) {
    return violation(
      rules.decide,
      'this ruling has already been appealed',
      '该判罚已被申诉，仲裁委员会的决定为最终决定',
    );
  }
  const data = {
    appeal: state.appeals.length + 1,
    penalty: cmd.penalty,
    seat: cmd.seat,
    grounds: cmd.grounds,
    lodgedAt: cmd.now,
  };
  return { ok: true, events: [{ type: 'AppealLodged', data }] };
}

/** The committee decides by majority; the decision is final; success refunds the fee. */
export function decideAppeal<Seat>(
  cmd: DecideAppeal,
  state: RulingState<Seat>,
  rules: RulingRules<Seat>,
): Decision<RulingEvent<Seat>> {
  const appeal = state.appeals.find((a) => a.data.appeal === cmd.appeal);
  if (appeal === undefined) {
    return violation(
      rules.decide,
      `appeal: no appeal ${String(cmd.appeal)}`,
      `没有编号为${String(cmd.appeal)}的申诉`,
    );
  }
  if (appeal.decision !== null)
    return violation(
      rules.decide,
      'the committee has decided: its decision is final',
      '仲裁委员会已作出最终决定',
    );
  const votes = [cmd.votesFor, cmd.votesAgainst];
  if (!votes.every((v) => Number.isInteger(v) && v >= 0) || cmd.votesFor === cmd.votesAgainst) {
    return violation(
      rules.decide,
      'votes: whole numbers with a majority one way',
      '表决票数须为整数且须有多数',
    );
  }
  const upheld = cmd.votesFor > cmd.votesAgainst;
  const data = {
    appeal: cmd.appeal,
    upheld,
    votesFor: cmd.votesFor,
    votesAgainst: cmd.votesAgainst,
    feeRefunded: upheld,
    decidedAt: cmd.now,
  };
  return { ok: true, events: [{ type: 'AppealDecided', data }] };
}
