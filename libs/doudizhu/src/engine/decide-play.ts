import { cardNotHeld } from '@tablecast/game-kit';
import type { Face } from '@tablecast/cards';
import { nextSeat, seatNameZh } from '../events/primitives';
import type { DdzPass, DdzPlayCards, PlayReading } from './commands';
import { atOf } from './at';
import { endBoard } from './board-end';
import { lowestCard } from './clock';
import { DdzEmitter, type DdzDecision } from './emitter';
import { classifyPlay, playBeats, sameReading } from './rules-port';
import type { BoardState, DoudizhuState } from './state';
import { staleTimeout } from './stale';
import { ddzViolation, type DdzRuleViolation } from './violation';

/**
 * DDZ-PLAY-1…6, DDZ-COMBO-*, DDZ-CMP-*: a play on turn, of cards in hand, that is a combination;
 * a follower's play must beat the play to beat. Ends the board when the hand is empty (DDZ-END-1).
 */
export function decidePlay(cmd: DdzPlayCards, state: DoudizhuState): DdzDecision {
  const stale = staleTimeout(cmd.timeout, state, 'DDZ-PLAY-6');
  if (stale !== null) return stale;
  const board = state.board;
  const turnProblem = notOnTurn(board, cmd.seat);
  if (turnProblem !== null || board === null) return turnProblem ?? noPlay();
  const hand = board.hands[cmd.seat];
  const missing = cardsNotHeld(cmd.cards, hand);
  if (missing !== null) return missing;
  const toBeat = board.trick?.last?.as ?? null;
  const clockPlay = toBeat === null && cmd.cards.length === 1 && cmd.cards[0] === lowestCard(hand);
  if (cmd.timeout !== undefined && !clockPlay) {
    return ddzViolation(
      'DDZ-PLAY-6',
      'a timed-out leader plays his lowest single; a follower passes',
      '超时：首攻或引牌出最小单张，跟牌视为不出',
    );
  }
  const reading = chooseReading(cmd.cards, cmd.as, toBeat);
  if (!('type' in reading)) return reading;
  const em = new DdzEmitter(state);
  em.emit({
    type: 'CardsPlayed',
    data: {
      seat: cmd.seat,
      cards: [...cmd.cards],
      as: reading,
      lead: toBeat === null,
      timedOut: cmd.timeout !== undefined,
      ...atOf(cmd.now),
    },
  });
  const left = em.state.board?.hands[cmd.seat].length ?? 0;
  // DDZ-PLAY-5: holding fewer than two cards is announced to the table.
  if (left === 1) em.emit({ type: 'CardsReported', data: { seat: cmd.seat, count: 1 } });
  if (left === 0) endBoard(em, cmd.seat);
  return em.done();
}

/** DDZ-PLAY-2/3: a follower may pass; two passes in a row end the trick, won by the last player. */
export function decidePass(cmd: DdzPass, state: DoudizhuState): DdzDecision {
  const stale = staleTimeout(cmd.timeout, state, 'DDZ-PLAY-6');
  if (stale !== null) return stale;
  const board = state.board;
  const turnProblem = notOnTurn(board, cmd.seat);
  if (turnProblem !== null || board === null) return turnProblem ?? noPlay();
  const last = board.trick?.last;
  if (last == null) {
    return ddzViolation(
      'DDZ-PLAY-2',
      'the leader must lead a combination; he may not pass',
      `${seatNameZh(cmd.seat)}是首攻/引牌人，不能不出`,
    );
  }
  const em = new DdzEmitter(state);
  em.emit({
    type: 'Passed',
    data: { seat: cmd.seat, timedOut: cmd.timeout !== undefined, ...atOf(cmd.now) },
  });
  if ((em.state.board?.trick?.passes ?? 0) >= 2) em.emit({ type: 'TrickWon', data: { seat: last.seat } });
  return em.done();
}

function notOnTurn(board: BoardState | null, seat: number): DdzRuleViolation | null {
  if (board?.phase !== 'play') return ddzViolation('DDZ-PLAY-1', 'play has not begun', '尚未开始出牌');
  if (board.turn !== seat) {
    const onTurn = board.turn ?? nextSeat(0);
    return ddzViolation(
      'DDZ-PLAY-1',
      `seat ${String(seat)} is not on turn (seat ${String(onTurn)} is)`,
      `未轮到该座位出牌（轮到${seatNameZh(onTurn)}）`,
    );
  }
  return null;
}

function noPlay(): DdzRuleViolation {
  return ddzViolation('DDZ-PLAY-1', 'play has not begun', '尚未开始出牌');
}

/** DDZ-GEN-2: only cards the player holds, each once. */
function cardsNotHeld(cards: readonly Face[], hand: readonly Face[]): DdzRuleViolation | null {
  if (cards.length === 0) {
    return ddzViolation('DDZ-PLAY-2', 'cards: play at least one card, or pass', '须出至少一张牌，或选择不出');
  }
  const card = cardNotHeld(cards, hand);
  return card === null
    ? null
    : ddzViolation('DDZ-GEN-2', `cards: ${card} is not in the player's hand`, `所出的牌 ${card} 不在手中`);
}

/**
 * The reading the play is recorded under: the declared one if it is a reading of the cards, else
 * the only reading legal now. Cards with two legal readings of different type or rank must say
 * which (the reading decides what the others must follow with).
 */
function chooseReading(
  cards: readonly Face[],
  declared: PlayReading | undefined,
  toBeat: PlayReading | null,
): PlayReading | DdzRuleViolation {
  const readings = classifyPlay(cards);
  if (readings.length === 0) {
    return ddzViolation('DDZ-COMBO-12', 'these cards are not a combination', '所出的牌不成牌型');
  }
  const candidates = declared === undefined ? readings : readings.filter((r) => sameReading(r, declared));
  if (candidates.length === 0) {
    return ddzViolation(
      'DDZ-COMBO-12',
      'as: the cards do not read as the declared combination',
      '所出的牌不是所声明的牌型',
    );
  }
  const legal = toBeat === null ? candidates : candidates.filter((r) => playBeats(r, toBeat));
  const [only, ...others] = legal;
  if (only === undefined) {
    const sameKind = candidates.some((r) => r.type === toBeat?.type && r.length === toBeat.length);
    const bombing = candidates.some((r) => r.type === 'bomb' || r.type === 'rocket');
    return sameKind || bombing
      ? ddzViolation(
          'DDZ-CMP-6',
          'a following play must be greater than the play to beat',
          '跟牌必须大于上一手牌',
        )
      : ddzViolation(
          'DDZ-PLAY-2',
          'follow with the same type and number of cards, or a bomb or the rocket',
          '跟牌须为相同牌型和张数，或出炸弹、火箭',
        );
  }
  if (others.length > 0) {
    return ddzViolation(
      'DDZ-COMBO-12',
      'as: these cards read more than one way; declare the combination',
      '所出的牌可有多种牌型，须声明牌型',
    );
  }
  return only;
}
