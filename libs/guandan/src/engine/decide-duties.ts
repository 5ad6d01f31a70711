import { seatNameZh } from '../model/seats';
import { cardPower } from './cards-power';
import type { RecordShownCard } from './commands';
import { tributers } from './decide-deal';
import { arbiterMissing, unknownSeat } from './decide-penalty';
import { Emitter, type Decision } from './emitter';
import type { MatchState } from './state';
import { violation } from './violation';

/**
 * GD-TRIB-9 (000 第十七条 五): a player who owes no tribute but showed his highest card must play it
 * the first time he plays a single (or include it in an earlier non-single play). The referee
 * records the card; the decider then rejects a single without it (see play-duties.ts).
 */
export function decideShownCard(cmd: RecordShownCard, state: MatchState): Decision {
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
