import type { CardId } from '@tablecast/cards';
import { partnerOf, previousSeat, seatNameZh, teamOf, type Seat } from '../model/seats';
import { cardPower, faceValue, isWildcard } from './cards-power';
import type { ChooseReturn, DesignateLeader, GiveTribute, ResistTribute, ReturnTribute } from './commands';
import { antiTributeSeats, tributers } from './decide-deal';
import { Emitter, type FoldedDecision } from './emitter';
import type { HandState, MatchState } from './state';
import { violation, type RuleViolation } from './violation';

function tributePhase(state: MatchState): HandState | RuleViolation {
  const hand = state.hand;
  if (hand?.phase !== 'tribute') {
    return violation('GD-TRIB-1', 'no tribute is being paid now', '现在不是进贡/还贡阶段');
  }
  return hand;
}

/** GD-TRIB-1/2/4/5: a loser pays his highest card, never the wildcard. */
export function decideGiveTribute(cmd: GiveTribute, state: MatchState): FoldedDecision {
  const hand = tributePhase(state);
  if ('ok' in hand) return hand;
  const payers = tributers(state);
  if (!payers.includes(cmd.seat) || hand.tributesGiven.some((t) => t.from === cmd.seat)) {
    return violation('GD-TRIB-1', `${cmd.seat} does not owe a tribute`, `${seatNameZh(cmd.seat)}无需进贡`);
  }
  const held = hand.hands[cmd.seat];
  if (!held.includes(cmd.card))
    return violation('GD-TRIB-2', `${cmd.card} is not in ${cmd.seat}'s hand`, `${cmd.card} 不在手牌中`);
  const candidates = held.filter((c) => !isWildcard(c, hand.level));
  const top = Math.max(...candidates.map((c) => cardPower(c, hand.level)));
  if (isWildcard(cmd.card, hand.level) || cardPower(cmd.card, hand.level) !== top) {
    return violation(
      'GD-TRIB-2',
      'the tribute must be your highest card, not the heart level card',
      '贡牌必须是手中最大的牌（红心级牌除外）',
    );
  }
  const em = new Emitter(state);
  em.emit({ type: 'TributeGiven', data: { from: cmd.seat, card: cmd.card } });
  const given = em.state.hand?.tributesGiven ?? [];
  if (given.length === payers.length)
    em.emit({ type: 'TributeAssigned', data: { assignments: assign(state, given) } });
  return em.done();
}

/**
 * GD-TRIB-1: single tribute to first place. GD-TRIB-4: the larger of two goes to first place, the
 * smaller to second. GD-TRIB-5: equal tributes go clockwise, each to the tributer's 上家.
 */
function assign(
  state: MatchState,
  given: readonly { from: Seat; card: CardId }[],
): { from: Seat; to: Seat; card: CardId }[] {
  const places = state.lastHand?.places ?? [];
  const first = places[0] ?? 'S';
  const [a, b] = given;
  if (a === undefined) return [];
  if (b === undefined) return [{ ...a, to: first }];
  const level = state.hand?.level ?? '2';
  const pa = cardPower(a.card, level);
  const pb = cardPower(b.card, level);
  if (pa === pb) return given.map((t) => ({ ...t, to: previousSeat(t.from) }));
  const [larger, smaller] = pa > pb ? [a, b] : [b, a];
  return [
    { ...larger, to: first },
    { ...smaller, to: partnerOf(first) },
  ];
}

/**
 * GD-TRIB-3, DEC-GD-8: a card back to the tributer; to one's partner 10 or lower by face value (and
 * to opponents too under 003/004), or one's lowest card if none qualifies. When every return is
 * made, the player who paid first place leads (GD-LEAD-2/3, GD-VAR-003-9).
 */
export function decideReturnTribute(cmd: ReturnTribute, state: MatchState): FoldedDecision {
  const hand = tributePhase(state);
  if ('ok' in hand) return hand;
  const assignment = hand.assignments.find((a) => a.to === cmd.seat);
  if (assignment === undefined || hand.returnedBy.includes(cmd.seat)) {
    return violation('GD-TRIB-3', `${cmd.seat} has no tribute to return`, `${seatNameZh(cmd.seat)}无需还牌`);
  }
  const held = hand.hands[cmd.seat];
  if (!held.includes(cmd.card))
    return violation('GD-TRIB-3', `${cmd.card} is not in ${cmd.seat}'s hand`, `${cmd.card} 不在手牌中`);
  const limits = state.ruleset.returnTributeMaxFace;
  const toPartner = teamOf(assignment.from) === teamOf(cmd.seat);
  const max = toPartner ? limits.toPartner : limits.toOpponent;
  if (max !== null && faceValue(cmd.card) > max) {
    const eligible = held.filter((c) => faceValue(c) <= max);
    const lowest = Math.min(...held.map((c) => cardPower(c, hand.level)));
    if (eligible.length > 0 || cardPower(cmd.card, hand.level) !== lowest) {
      return violation(
        'GD-TRIB-3',
        `the return must be ${max} or lower by face value${eligible.length === 0 ? ' (you hold none: your lowest card)' : ''}`,
        `还牌须为${max}或以下${eligible.length === 0 ? '（无此牌时还最小的牌）' : ''}`,
      );
    }
  }
  const em = new Emitter(state);
  em.emit({ type: 'TributeReturned', data: { from: cmd.seat, to: assignment.from, card: cmd.card } });
  const done = em.state.hand;
  if (done !== null && done.returnedBy.length === done.assignments.length && !returnChoiceDue(em.state)) {
    const first = state.lastHand?.places[0];
    const leader = done.assignments.find((a) => a.to === first)?.from ?? assignment.from;
    em.emit({ type: 'LeadAssigned', data: { seat: leader, reason: 'tributePaid' } });
  }
  return em.done();
}

/**
 * GD-VAR-004-3: with equal double tributes and unequal returns, the tributers choose between the
 * returned cards before play (where the ruleset says so). Equal returns need no choice: first
 * place's 下家 leads, as under GD-TRIB-5.
 */
export function returnChoiceDue(state: MatchState): boolean {
  const hand = state.hand;
  if (hand === null || state.ruleset.equalDoubleTribute !== 'tributersChooseReturns' || hand.returnChosen)
    return false;
  const [a, b] = hand.tributesGiven;
  const [ra, rb] = hand.returns;
  if (a === undefined || b === undefined || ra === undefined || rb === undefined) return false;
  return (
    cardPower(a.card, hand.level) === cardPower(b.card, hand.level) &&
    cardPower(ra.card, hand.level) !== cardPower(rb.card, hand.level)
  );
}

/** GD-VAR-004-3: the tributer who ends with the smaller returned card leads. */
export function decideChooseReturn(cmd: ChooseReturn, state: MatchState): FoldedDecision {
  const hand = tributePhase(state);
  if ('ok' in hand) return hand;
  if (!returnChoiceDue(state)) {
    return violation('GD-VAR-004-3', 'there is no choice of returned cards to make', '现在无需选择还牌');
  }
  if (!tributers(state).includes(cmd.seat) || !hand.returns.some((r) => r.card === cmd.card)) {
    return violation(
      'GD-VAR-004-3',
      'a tributer chooses one of the two returned cards',
      '须由进贡者在两张还牌中选择一张',
    );
  }
  const em = new Emitter(state);
  em.emit({ type: 'ReturnChosen', data: { seat: cmd.seat, card: cmd.card } });
  const level = hand.level;
  const smaller = [...hand.returns].sort((x, y) => cardPower(x.card, level) - cardPower(y.card, level))[0];
  const after = em.state.hand;
  const leader =
    smaller === undefined || after === null
      ? cmd.seat
      : (tributers(state).find((s) => after.hands[s].includes(smaller.card)) ?? cmd.seat);
  em.emit({ type: 'LeadAssigned', data: { seat: leader, reason: 'tributePaid' } });
  return em.done();
}

/** GD-VAR-004-4: where anti-tribute is optional, a qualifying tributer may claim it before paying. */
export function decideResistTribute(cmd: ResistTribute, state: MatchState): FoldedDecision {
  const hand = tributePhase(state);
  if ('ok' in hand) return hand;
  const payers = tributers(state);
  const resisters = antiTributeSeats(hand.hands, payers);
  if (!payers.includes(cmd.seat) || resisters === null || hand.tributesGiven.length > 0) {
    return violation(
      'GD-TRIB-6',
      'anti-tribute needs the tributers to hold both big jokers',
      '抗贡须由进贡方持有两张大王',
    );
  }
  const em = new Emitter(state);
  em.emit({ type: 'TributeResisted', data: { seats: resisters } });
  em.emit({
    type: 'LeadAssigned',
    data: { seat: state.lastHand?.places[0] ?? cmd.seat, reason: 'antiTribute' },
  });
  return em.done();
}

/** GD-LEAD-5, DEC-GD-11: after a foul the non-offending pair names any of the four players. */
export function decideDesignateLeader(cmd: DesignateLeader, state: MatchState): FoldedDecision {
  if (state.hand?.phase !== 'designate') {
    return violation(
      'GD-LEAD-5',
      'a leader is designated only in the deal after a foul',
      '只有犯规后的下一副牌才由对方指定首家',
    );
  }
  return new Emitter(state)
    .emit({ type: 'LeadAssigned', data: { seat: cmd.seat, reason: 'designated' } })
    .done();
}
