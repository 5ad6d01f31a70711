import { faceOfCard } from '@tablecast/cards';
import { classify } from '../combos/classify';
import { beats } from '../combos/compare';
import { isBombClass, sameReading, type Reading } from '../model/reading';
import { readingNameZh } from '../model/reading-names';
import { SEATS, seatNameZh, teamOf, type Seat } from '../model/seats';
import type { Pass, PlayCards } from './commands';
import { Emitter, type FoldedDecision } from './emitter';
import { endHand } from './hand-end';
import { dutyBreach } from './play-duties';
import type { HandState, MatchState } from './state';
import { applySkips, settleTrick } from './turn-flow';
import { violation, type RuleViolation } from './violation';
import { areDistinctHeldCards } from './held-cards';

function onTurn(state: MatchState, seat: Seat, action: 'play' | 'pass'): HandState | RuleViolation {
  const hand = state.hand;
  if (hand?.phase !== 'play')
    return violation('GD-PLAY-2', 'no deal is being played now', '现在不在出牌阶段');
  if (hand.turn !== seat) {
    return action === 'play'
      ? violation(
          'GD-PEN-11',
          `it is ${hand.turn ?? 'nobody'}'s turn, not ${seat}'s`,
          `现在轮到${hand.turn === null ? '无人' : seatNameZh(hand.turn)}出牌，不是${seatNameZh(seat)}（越序出牌）`,
        )
      : violation(
          'GD-PEN-12',
          `it is ${hand.turn ?? 'nobody'}'s turn, not ${seat}'s`,
          `现在轮到${hand.turn === null ? '无人' : seatNameZh(hand.turn)}，不是${seatNameZh(seat)}（越序表态）`,
        );
  }
  return hand;
}

/**
 * Which reading a play is taken as (GD-WILD-5, DEC-GD-4, DEC-GD-5): the declared one if it is a
 * valid reading that beats the play to beat; otherwise the only legal reading, a straight flush
 * being preferred to the plain straight of the same cards. Several legal readings and no
 * declaration: rejected.
 */
export function resolveReading(
  readings: readonly Reading[],
  declared: Reading | undefined,
  toBeat: Reading | null,
  hand: HandState,
): Reading | RuleViolation {
  if (readings.length === 0) {
    return violation('GD-COMBO-11', 'these cards are not a combination', '所出的牌不构成合理牌型');
  }
  const legal = readings.filter((r) => toBeat === null || beats(r, toBeat, hand.level));
  if (declared !== undefined) {
    const match = readings.find((r) => sameReading(r, declared));
    if (match === undefined) {
      return violation('GD-WILD-5', 'the cards cannot be read as declared', '所出的牌不能按声明的牌型解读');
    }
    if (!legal.includes(match)) return notHighEnough(toBeat);
    return match;
  }
  if (legal.length === 0) return notHighEnough(toBeat);
  const preferred = legal.filter(
    (r) => !(r.type === 'straight' && legal.some((o) => o.type === 'straightFlush' && o.rank === r.rank)),
  );
  if (preferred.length > 1) {
    const options = preferred.map((r) => `${r.type} ${r.rank ?? ''}`.trim()).join(', ');
    const optionsZh = preferred.map(readingNameZh).join('、');
    return violation(
      'GD-WILD-5',
      `ambiguous play: declare which reading you mean (${options})`,
      `牌型有多种解读，须声明（${optionsZh}）`,
    );
  }
  return preferred[0] ?? notHighEnough(toBeat);
}

function notHighEnough(toBeat: Reading | null): RuleViolation {
  return toBeat !== null && !isBombClass(toBeat.type)
    ? violation(
        'GD-CMP-2',
        `must be a higher ${toBeat.type} of ${toBeat.length} cards, or a bomb`,
        '须出同牌型、同张数且更大的牌，或炸弹',
      )
    : violation('GD-CMP-1', 'must beat the previous play', '所出的牌必须大于上家的牌');
}

/** GD-PLAY-1/2, GD-CMP-*: a lead or a follow, then its consequences (report, place, trick, deal). */
export function decidePlay(cmd: PlayCards, state: MatchState): FoldedDecision {
  const hand = onTurn(state, cmd.seat, 'play');
  if ('ok' in hand) return hand;
  const held = hand.hands[cmd.seat];
  if (!areDistinctHeldCards(cmd.cards, held)) {
    return violation(
      'GD-DECK-2',
      'play distinct cards from your own hand',
      '只能出自己手中的牌，且每张牌只能出一次',
    );
  }
  const rules = state.ruleset;
  const readings = classify(cmd.cards.map(faceOfCard), hand.level, rules);
  const toBeat = hand.trick?.last?.as ?? null;
  const reading = resolveReading(readings, cmd.as, toBeat, hand);
  if ('ok' in reading) return reading;
  const breach = dutyBreach({
    hand,
    rules,
    seat: cmd.seat,
    cards: cmd.cards,
    reading,
    lead: toBeat === null,
  });
  if (breach !== null) return breach;

  const em = new Emitter(state);
  em.emit({
    type: 'CardsPlayed',
    data: {
      seat: cmd.seat,
      cards: [...cmd.cards],
      as: reading,
      declared: cmd.as !== undefined,
      lead: toBeat === null,
    },
  });
  const after = em.state.hand;
  if (after === null) return em.done();
  const left = after.hands[cmd.seat].length;
  if (left > 0 && left <= rules.reportThreshold && !after.reported.includes(cmd.seat)) {
    // GD-RPT-1/4: the software table announces the count when it first reaches the threshold.
    em.emit({ type: 'CardsReported', data: { seat: cmd.seat, count: left } });
  }
  if (left === 0) {
    em.emit({ type: 'PlayerFinished', data: { seat: cmd.seat, place: after.finished.length + 1 } });
    if (dealOver(em)) return em.done();
  }
  settleTrick(em);
  applySkips(em);
  return em.done();
}

/** GD-PLAY-2/3: pass; the leader of a trick must lead (GD-PLAY-1). */
export function decidePass(cmd: Pass, state: MatchState): FoldedDecision {
  const hand = onTurn(state, cmd.seat, 'pass');
  if ('ok' in hand) return hand;
  if (hand.trick?.last == null)
    return violation('GD-PLAY-1', 'the leader must lead; he cannot pass', '领出牌者必须出牌，不能过牌');
  const em = new Emitter(state);
  em.emit({ type: 'Passed', data: { seat: cmd.seat } });
  settleTrick(em);
  applySkips(em);
  return em.done();
}

/** GD-END-2: three players out, or a double-down. */
function dealOver(em: Emitter): boolean {
  const finished = em.state.hand?.finished ?? [];
  const [first, second] = finished;
  if (first !== undefined && second !== undefined && teamOf(first) === teamOf(second)) {
    endHand(em, [first, second], null);
    return true;
  }
  if (finished.length === 3) {
    const lastSeat = SEATS.find((s) => !finished.includes(s)) ?? 'S';
    endHand(em, [...finished, lastSeat], null);
    return true;
  }
  return false;
}
