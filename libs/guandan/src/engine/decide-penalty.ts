import { ACE_LEVEL } from '../model/levels';
import { SEATS, otherTeam, teamOf, type Seat, type Team } from '../model/seats';
import type { IssuePenalty } from './commands';
import { Emitter, type FoldedDecision } from './emitter';
import { countSanctions, ladderPosition, ordinal, severer, type Sanction } from './escalation';
import { emitGameLost } from './game-lost';
import { endHand } from './hand-end';
import type { MatchState } from './state';
import { applySkips, settleTrick } from './turn-flow';
import { violation, type RuleViolation } from './violation';

/**
 * GD-PEN-2…6: a referee's sanction, escalated by the ruleset (`penaltyEscalation`) where the rules
 * make a repeated breach worse on their own:
 * - the rule's ladder (GD-PEN-13/14, GD-RPT-2/3, GD-VAR-004-9) raises the referee's sanction to the
 *   step of the pair's k-th breach (never lowers it: the first breach "by severity" stays his call);
 * - a pair's second violation in the game is a foul as well (GD-PEN-4);
 * - a pair's third foul in the game loses the game (GD-PEN-5), scored 2:0 and 18:0 (GD-SCORE-4).
 * A warning is recorded; a violation skips the offender for a trick (DEC-GD-10); a foul ends the
 * deal, scored as a double-down for the opponents (GD-PEN-4).
 */
export function decidePenalty(cmd: IssuePenalty, state: MatchState): FoldedDecision {
  if (state.status === 'new' || state.status === 'ended')
    return violation('GD-PEN-7', 'no live game', '没有进行中的比赛');
  const bad = arbiterMissing(cmd.refereeId) ?? unknownSeat(cmd.seat);
  if (bad !== null) return bad;
  if (cmd.rule.trim() === '') {
    return violation('GD-PEN-1', 'rule: name the rule that was breached', '须注明所违反的规则编号');
  }
  const team = teamOf(cmd.seat);
  const position = ladderPosition(state, team, cmd.rule);
  const stepSanction = position === null || position.step === 'levelToOpponents' ? null : position.step;
  const sanction = stepSanction === null ? cmd.sanction : severer(cmd.sanction, stepSanction);
  const escalated = sanction !== cmd.sanction;
  const inDeal = state.hand !== null && state.hand.phase !== 'over';
  if (sanction !== 'warning' && !inDeal) {
    const count = position?.count ?? 1;
    const why = escalated ? `the pair's ${ordinal(count)} breach of ${cmd.rule} is a ${sanction}; ` : '';
    const whyZh = escalated ? `本对第${count}次违反 ${cmd.rule}，应${SANCTION_ZH[sanction]}；` : '';
    return violation(
      'GD-PEN-3',
      `${why}violations and fouls are ruled during a deal`,
      `${whyZh}违例与犯规须在一副牌进行中判罚`,
    );
  }
  const scope = position?.per === 'deal' ? 'deal' : 'game';
  const escalationNote = escalated
    ? `${ordinal(position?.count ?? 1)} breach of ${cmd.rule} by ${team} in this ${scope}: ${sanction}`
    : '';
  const em = new Emitter(state);
  em.emit({
    type: 'PenaltyIssued',
    data: {
      seat: cmd.seat,
      sanction,
      rule: cmd.rule,
      refereeId: cmd.refereeId,
      note: [cmd.note ?? '', escalationNote].filter((s) => s !== '').join('; '),
    },
  });
  if (position?.step === 'levelToOpponents') {
    awardOpponentLevel(em, team, cmd.rule, cmd.refereeId);
  }
  applySanction(em, cmd.seat, sanction, cmd.refereeId);
  return em.done();
}

const SANCTION_ZH: Readonly<Record<Sanction, string>> = {
  warning: '警告',
  violation: '记违例',
  foul: '记犯规',
};

/** GD-PEN-7: only arbiters rule on penalties; players may not settle them among themselves. */
export function arbiterMissing(refereeId: string): RuleViolation | null {
  return refereeId.trim() === ''
    ? violation(
        'GD-PEN-7',
        'only an arbiter rules on penalties: refereeId names the arbiter',
        '只有裁判员可以判罚：须注明裁判员',
      )
    : null;
}

/** GD-SEAT-2: a penalty names one of the four seats. */
export function unknownSeat(seat: Seat): RuleViolation | null {
  return (SEATS as readonly string[]).includes(seat)
    ? null
    : violation('GD-SEAT-2', `seat: ${seat} is not one of S, E, N, W`, `座位 ${seat} 不是东南西北之一`);
}

function applySanction(em: Emitter, seat: Seat, sanction: Sanction, refereeId: string): void {
  const team = teamOf(seat);
  const { violationsPerFoul, foulsPerGameLost } = em.state.ruleset.penaltyEscalation;
  if (sanction === 'violation') {
    const violations = countSanctions(em.state, team, 'violation');
    if (violationsPerFoul === null || violations % violationsPerFoul !== 0) {
      settleTrick(em);
      applySkips(em);
      return;
    }
    // GD-PEN-4 (000 第十六条 三 1): the pair's second violation is recorded as a foul too.
    em.emit({
      type: 'PenaltyIssued',
      data: {
        seat,
        sanction: 'foul',
        rule: 'GD-PEN-4',
        refereeId,
        note: `${ordinal(violations)} violation by ${team} in this game`,
      },
    });
  } else if (sanction === 'warning') {
    // GD-PEN-12 bars the offending pair from the trick: it may now be over, or the turn moves on.
    settleTrick(em);
    applySkips(em);
    return;
  }
  const fouls = countSanctions(em.state, team, 'foul');
  const gameLost = foulsPerGameLost !== null && fouls >= foulsPerGameLost;
  endHand(em, em.state.hand?.finished ?? [], team, { endMatch: !gameLost });
  // GD-PEN-5 (000 第十六条 四): three fouls by one pair in a game lose it.
  if (gameLost) emitGameLost(em, team, 'GD-PEN-5', refereeId);
}

/** GD-VAR-004-9: 004's foul is one level to the opponents, never past A (GD-LVL-5); the deal goes on. */
function awardOpponentLevel(em: Emitter, offenders: Team, rule: string, refereeId: string): void {
  const team = otherTeam(offenders);
  const levels = em.state.levels;
  const after = Math.max(levels[team], Math.min(ACE_LEVEL, levels[team] + 1));
  em.emit({
    type: 'LevelsAwarded',
    data: { team, levels: 1, rule, refereeId, levelsAfter: { ...levels, [team]: after } },
  });
}
