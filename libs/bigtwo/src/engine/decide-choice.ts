import { seatNameZh } from '../events/primitives';
import { atOf } from './at';
import type { B2ChooseDouble, B2ChooseShow } from './commands';
import { B2Emitter, type B2Decision } from './emitter';
import { staleTimeout } from './stale';
import type { BigTwoState } from './state';
import { b2Violation } from './violation';

/**
 * B2-SHOW-1: after the deal each player, in parallel, shows his whole hand (明牌) or not, once.
 * The clock's default is "not shown". A shown hand's 13 faces are recorded, public from then on.
 */
export function decideShow(cmd: B2ChooseShow, state: BigTwoState): B2Decision {
  const stale = staleTimeout(cmd.timeout, state, 'B2-SHOW-1');
  if (stale !== null) return stale;
  const board = state.board;
  if (board?.phase !== 'showing') {
    return b2Violation(
      'B2-SHOW-1',
      'the show choice is made after the deal, before doubling',
      '明牌须在发牌后、加倍前选择',
    );
  }
  if (board.shown[cmd.seat] !== null) {
    return b2Violation(
      'B2-SHOW-1',
      `seat ${cmd.seat} has already made the show choice`,
      `${seatNameZh(cmd.seat)}已选择是否明牌`,
    );
  }
  if (cmd.timeout !== undefined && cmd.show) {
    return b2Violation(
      'B2-SHOW-1',
      'when the 10 s run out the software records "not shown"',
      '超时视为不明牌',
    );
  }
  const em = new B2Emitter(state);
  if (cmd.show) {
    em.emit({
      type: 'HandShown',
      data: { seat: cmd.seat, cards: [...board.hands[cmd.seat]], ...atOf(cmd.now) },
    });
  } else {
    em.emit({
      type: 'ShowDeclined',
      data: { seat: cmd.seat, timedOut: cmd.timeout !== undefined, ...atOf(cmd.now) },
    });
  }
  return em.done();
}

/**
 * B2-DBL-1/2: after the show choices, each player in turn from 首家 (counter-clockwise, B2-SEAT-1)
 * doubles (加倍) or not; the clock's default is no. Play begins when all four have chosen.
 */
export function decideDouble(cmd: B2ChooseDouble, state: BigTwoState): B2Decision {
  const stale = staleTimeout(cmd.timeout, state, 'B2-DBL-1');
  if (stale !== null) return stale;
  const board = state.board;
  if (board?.phase !== 'doubling') {
    return b2Violation(
      'B2-DBL-1',
      'doubling comes after the show choices, before play',
      '加倍须在明牌选择之后、出牌之前',
    );
  }
  if (board.turn !== cmd.seat) {
    const onTurn = board.turn ?? board.firstSeat;
    return b2Violation(
      'B2-DBL-1',
      `seat ${cmd.seat} is not on turn to double (seat ${onTurn} is; the turns run from 首家)`,
      `未轮到该座位选择加倍（轮到${seatNameZh(onTurn)}，从首家起依次选择）`,
    );
  }
  if (cmd.timeout !== undefined && cmd.double) {
    return b2Violation(
      'B2-DBL-1',
      'when the 10 s run out the software records "no double"',
      '超时视为不加倍',
    );
  }
  return new B2Emitter(state)
    .emit({
      type: 'DoubleChosen',
      data: { seat: cmd.seat, double: cmd.double, timedOut: cmd.timeout !== undefined, ...atOf(cmd.now) },
    })
    .done();
}
