import { otherTeam, partnerOf, teamOf } from '../model/seats';
import type { PenalizeOutOfTurnPlay } from './commands';
import { decideAwardLevels } from './decide-match';
import { arbiterMissing, unknownSeat } from './decide-penalty';
import { Emitter, type FoldedDecision } from './emitter';
import type { MatchState } from './state';
import { applySkips } from './turn-flow';
import { violation } from './violation';

/**
 * Playing out of turn (越序出牌). GD-PEN-11 (000): the cards go back (they were never accepted) and
 * the offender loses his turn once; after that he plays on in the trick. GD-VAR-004-9 (004): one
 * foul that gives the opponents a level, and the deal continues. The ruleset field decides.
 */
export function decideOutOfTurnPlay(cmd: PenalizeOutOfTurnPlay, state: MatchState): FoldedDecision {
  const bad = arbiterMissing(cmd.refereeId) ?? unknownSeat(cmd.seat);
  if (bad !== null) return bad;
  const penalty = state.ruleset.outOfTurnPlay;
  if (penalty.kind === 'opponentsLevelUp') {
    return decideAwardLevels(
      {
        type: 'AwardLevels',
        team: otherTeam(teamOf(cmd.seat)),
        levels: penalty.levels,
        rule: 'GD-VAR-004-9',
        refereeId: cmd.refereeId,
      },
      state,
    );
  }
  if (state.hand?.phase !== 'play')
    return violation('GD-PEN-11', 'no deal is being played now', '现在不在出牌阶段');
  const em = new Emitter(state);
  em.emit({
    type: 'PenaltyIssued',
    data: { seat: cmd.seat, sanction: 'turnLost', rule: 'GD-PEN-11', refereeId: cmd.refereeId, note: '' },
  });
  if (cmd.playedType !== undefined) {
    // GD-PEN-11 (000 第十八条 二): if the partner wins the lead of the next trick, he may not lead
    // the type played out of turn; the duty waits for the trick in progress to end.
    em.emit({
      type: 'PlayDutyImposed',
      data: {
        seat: partnerOf(cmd.seat),
        rule: 'GD-PEN-11',
        duty: { kind: 'notLeadType', type: cmd.playedType },
        refereeId: cmd.refereeId,
      },
    });
  }
  applySkips(em);
  return em.done();
}
