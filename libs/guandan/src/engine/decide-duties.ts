import { faceOfCard } from '@tablecast/cards';
import { legalPlaysOfType } from '../combos/legal-plays';
import { COMBO_NAMES_ZH } from '../model/reading-names';
import { partnerOf, previousSeat, seatNameZh } from '../model/seats';
import { cardPower } from './cards-power';
import type { BanExposedType, RecordShownCard, RuleWrongLead } from './commands';
import { tributers } from './decide-deal';
import { arbiterMissing, unknownSeat } from './decide-penalty';
import { Emitter, type FoldedDecision } from './emitter';
import type { MatchState } from './state';
import { violation } from './violation';
import { areDistinctHeldCards } from './held-cards';

/**
 * GD-TRIB-9 (000 第十七条 五): a player who owes no tribute but showed his highest card must play it
 * the first time he plays a single (or include it in an earlier non-single play). The referee
 * records the card; the decider then rejects a single without it (see play-duties.ts).
 */
export function decideShownCard(cmd: RecordShownCard, state: MatchState): FoldedDecision {
  const bad = arbiterMissing(cmd.refereeId) ?? unknownSeat(cmd.seat);
  if (bad !== null) return bad;
  const hand = state.hand;
  if (hand === null || hand.phase === 'over' || hand.order.length === 0)
    return violation('GD-TRIB-9', 'no dealt hand is in play now', '现在没有已发好的牌局');
  if (hand.tribute !== 'none' && tributers(state).includes(cmd.seat)) {
    return violation(
      'GD-TRIB-9',
      `seat: ${cmd.seat} owes tribute; showing his highest card is his tribute (GD-TRIB-1)`,
      `${seatNameZh(cmd.seat)}须进贡，亮出最大的牌即为进贡（GD-TRIB-1）`,
    );
  }
  const held = hand.hands[cmd.seat];
  if (!held.includes(cmd.card))
    return violation('GD-TRIB-9', `card: ${cmd.card} is not in ${cmd.seat}'s hand`, `${cmd.card} 不在手牌中`);
  const top = Math.max(...held.map((c) => cardPower(c, hand.level)));
  if (cardPower(cmd.card, hand.level) !== top) {
    return violation(
      'GD-TRIB-9',
      `card: ${cmd.card} is not ${cmd.seat}'s highest card`,
      `${cmd.card} 不是${seatNameZh(cmd.seat)}手中最大的牌`,
    );
  }
  const em = new Emitter(state);
  em.emit({
    type: 'PlayDutyImposed',
    data: {
      seat: cmd.seat,
      rule: 'GD-TRIB-9',
      duty: { kind: 'playCardFirst', card: cmd.card },
      refereeId: cmd.refereeId,
    },
  });
  return em.done();
}

/**
 * GD-PEN-9 (000 第十七条 三, leader): a leader's wrong play is taken back whole (the engine never
 * accepted it); his 上家 chooses one combination type contained in those cards and he must lead it.
 * The referee keys the cards and the chosen type; the decider then refuses any other lead.
 */
export function decideWrongLead(cmd: RuleWrongLead, state: MatchState): FoldedDecision {
  const bad = arbiterMissing(cmd.refereeId) ?? unknownSeat(cmd.seat);
  if (bad !== null) return bad;
  const hand = state.hand;
  if (hand?.phase !== 'play' || hand.turn !== cmd.seat || hand.trick?.last !== null) {
    return violation(
      'GD-PEN-9',
      `seat: ${cmd.seat} is not leading now (a follower's wrong play costs his turn instead)`,
      `${seatNameZh(cmd.seat)}现在不是领出牌者（跟牌出错牌按停止一次出牌权处理）`,
    );
  }
  const held = hand.hands[cmd.seat];
  if (!areDistinctHeldCards(cmd.cards, held)) {
    return violation(
      'GD-PEN-9',
      `cards: the wrong lead must be distinct cards from ${cmd.seat}'s hand`,
      `所收回的错牌须是${seatNameZh(cmd.seat)}手中的牌，且每张只列一次`,
    );
  }
  const faces = cmd.cards.map(faceOfCard);
  if (legalPlaysOfType(faces, null, hand.level, cmd.leadType, state.ruleset).length === 0) {
    return violation(
      'GD-PEN-9',
      `leadType: those cards contain no ${cmd.leadType}; ${previousSeat(cmd.seat)} must choose a type they contain`,
      `所收回的牌中没有${COMBO_NAMES_ZH[cmd.leadType]}，${seatNameZh(previousSeat(cmd.seat))}须从中选一种牌型`,
    );
  }
  const em = new Emitter(state);
  em.emit({
    type: 'PlayDutyImposed',
    data: {
      seat: cmd.seat,
      rule: 'GD-PEN-9',
      duty: { kind: 'leadType', type: cmd.leadType, cards: [...cmd.cards] },
      refereeId: cmd.refereeId,
    },
  });
  return em.done();
}

/**
 * GD-PEN-9 (000 第十七条 四): after a wrong play, if the offender's partner wins the lead of the next
 * trick he may not lead the offender's main exposed type. The duty waits for the trick in progress.
 */
export function decideBanExposedType(cmd: BanExposedType, state: MatchState): FoldedDecision {
  const bad = arbiterMissing(cmd.refereeId) ?? unknownSeat(cmd.seat);
  if (bad !== null) return bad;
  if (state.hand?.phase !== 'play')
    return violation('GD-PEN-9', 'no deal is being played now', '现在不在出牌阶段');
  const em = new Emitter(state);
  em.emit({
    type: 'PlayDutyImposed',
    data: {
      seat: partnerOf(cmd.seat),
      rule: 'GD-PEN-9',
      duty: { kind: 'notLeadType', type: cmd.exposedType },
      refereeId: cmd.refereeId,
    },
  });
  return em.done();
}
