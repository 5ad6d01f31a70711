import { cardNotHeld } from '@tablecast/game-kit';
import type { Face } from '@tablecast/cards';
import { nextSeat, seatNameZh, type Seat } from '../events/primitives';
import { atOf } from './at';
import { endBoard } from './board-end';
import { highestSingle } from './card-order';
import { timeoutLead } from './clock';
import type { B2Pass, B2PlayCards } from './commands';
import { B2Emitter, type B2Decision } from './emitter';
import { restrictedToHighestSingle } from './legal';
import { classifyPlay, playBeats, rulesOf } from './rules-port';
import type { B2BoardState, BigTwoState } from './state';
import { staleTimeout } from './stale';
import { b2Violation, type B2RuleViolation } from './violation';

/**
 * B2-PLAY-1…7, B2-COMBO-*, B2-CMP-*: a play on turn, of cards in hand, that is a combination; the
 * first lead holds ♦3; a follower plays the same type higher; the player before a one-card
 * player plays his highest single if a single. Ends the board when the hand is empty (B2-END-1).
 */
export function decidePlay(cmd: B2PlayCards, state: BigTwoState): B2Decision {
  const stale = staleTimeout(cmd.timeout, state, 'B2-PLAY-8');
  if (stale !== null) return stale;
  const board = state.board;
  const turnProblem = notOnTurn(board, cmd.seat);
  if (turnProblem !== null || board === null) return turnProblem ?? notInPlay();
  const hand = board.hands[cmd.seat];
  const missing = cardsNotHeld(cmd.cards, hand);
  if (missing !== null) return missing;
  const toBeat = board.trick?.last?.as ?? null;
  if (cmd.timeout !== undefined) {
    const lead = toBeat === null ? timeoutLead(board, cmd.seat) : null;
    if (lead === null || cmd.cards.length !== 1 || cmd.cards[0] !== lead) {
      return b2Violation(
        'B2-PLAY-8',
        'a timed-out leader plays his lowest single (his highest under B2-PLAY-7); a follower passes',
        '出牌超时：引牌出最小单张（上家限制时出最大单张），跟牌视为不出',
      );
    }
  }
  const rules = rulesOf(state.ruleset);
  const reading = classifyPlay(cmd.cards, rules);
  if (reading === null) {
    return b2Violation('B2-COMBO-9', 'these cards are not a combination', '所出的牌不成牌型');
  }
  if (board.firstLead && !cmd.cards.includes('D3')) {
    return b2Violation('B2-PLAY-1', 'the first lead of the board must contain ♦3', '首家第一手牌必须含方块3');
  }
  if (toBeat !== null && !playBeats(reading, toBeat, rules)) {
    return reading.length === toBeat.length
      ? b2Violation(
          'B2-CMP-5',
          'a following play must be greater than the play to beat',
          '跟牌必须大于上一手牌',
        )
      : b2Violation(
          'B2-PLAY-3',
          'follow with the same combination type and number of cards, or pass',
          '跟牌须为相同牌型和张数，或选择过牌',
        );
  }
  if (
    reading.length === 1 &&
    restrictedToHighestSingle(board, cmd.seat) &&
    cmd.cards[0] !== highestSingle(hand)
  ) {
    return b2Violation(
      'B2-PLAY-7',
      `the next player has one card left: a single from seat ${cmd.seat} must be his highest`,
      `下家报单：${seatNameZh(cmd.seat)}出单张须出最大的一张`,
    );
  }
  const em = new B2Emitter(state);
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
  // B2-PLAY-6: 報單, the other three are told when a player is down to one card.
  if (left === 1) em.emit({ type: 'CardsReported', data: { seat: cmd.seat, count: 1 } });
  if (left === 0) endBoard(em, cmd.seat);
  return em.done();
}

/** B2-PLAY-3/4: a follower may pass (過牌); three passes in a row end the trick. */
export function decidePass(cmd: B2Pass, state: BigTwoState): B2Decision {
  const stale = staleTimeout(cmd.timeout, state, 'B2-PLAY-8');
  if (stale !== null) return stale;
  const board = state.board;
  const turnProblem = notOnTurn(board, cmd.seat);
  if (turnProblem !== null || board === null) return turnProblem ?? notInPlay();
  const last = board.trick?.last;
  if (last == null) {
    return board.firstLead
      ? b2Violation(
          'B2-PLAY-1',
          'the holder of ♦3 must lead first; he may not pass',
          '首家须先出含方块3的牌，不能过牌',
        )
      : b2Violation(
          'B2-PLAY-2',
          'the leader must lead a combination; he may not pass',
          `${seatNameZh(cmd.seat)}引牌，不能过牌`,
        );
  }
  const em = new B2Emitter(state);
  em.emit({
    type: 'Passed',
    data: { seat: cmd.seat, timedOut: cmd.timeout !== undefined, ...atOf(cmd.now) },
  });
  if ((em.state.board?.trick?.passes ?? 0) >= 3) em.emit({ type: 'TrickWon', data: { seat: last.seat } });
  return em.done();
}

function notOnTurn(board: B2BoardState | null, seat: Seat): B2RuleViolation | null {
  if (board?.phase !== 'play') return notInPlay();
  if (board.turn !== seat) {
    const onTurn = board.turn ?? nextSeat(seat);
    return b2Violation(
      'B2-SEAT-1',
      `seat ${seat} is not on turn (seat ${onTurn} is; play runs counter-clockwise)`,
      `未轮到该座位出牌（轮到${seatNameZh(onTurn)}，逆时针出牌）`,
    );
  }
  return null;
}

function notInPlay(): B2RuleViolation {
  return b2Violation(
    'B2-DBL-1',
    'play begins when all four have made the doubling choice',
    '四家都选择加倍与否后才开始出牌',
  );
}

/** B2-GEN-2: only cards the player holds, each once. */
function cardsNotHeld(cards: readonly Face[], hand: readonly Face[]): B2RuleViolation | null {
  if (cards.length === 0) {
    return b2Violation('B2-PLAY-3', 'cards: play at least one card, or pass', '须出至少一张牌，或选择过牌');
  }
  const card = cardNotHeld(cards, hand);
  return card === null
    ? null
    : b2Violation('B2-GEN-2', `cards: ${card} is not in the player's hand`, `所出的牌 ${card} 不在手中`);
}
