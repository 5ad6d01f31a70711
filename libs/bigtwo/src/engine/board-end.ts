import { perSeat, type Seat } from '../events/primitives';
import type { B2LiftBoardHold, B2RevealBoard } from './commands';
import { B2Emitter, type B2Decision } from './emitter';
import type { BigTwoState } from './state';
import { b2Violation } from './violation';
import { rulesOf, scoreSeats } from './rules-port';

/**
 * B2-END-1, B2-SCORE-1…4: a player has played out; each player's card points and pairwise score
 * (with the 明牌 ×3 and 加倍 ×2 factors) are recorded, then the deal is revealed — unless it is a
 * duplicate board (DEC-B2-4): other tables may still be playing these cards, so its set reveals
 * them once every table has played it (RevealBoard).
 */
export function endBoard(em: B2Emitter, outSeat: Seat): void {
  const board = em.state.board;
  if (board === null) return;
  const left = perSeat((s) => board.hands[s].length);
  const showed = perSeat((s) => board.shown[s] === true);
  const doubled = perSeat((s) => board.doubled[s] === true);
  const { cardPoints, scores } = scoreSeats(
    perSeat((s) => ({ left: left[s], showed: showed[s], doubled: doubled[s] })),
    rulesOf(em.state.ruleset),
  );
  const before = em.state.boardTotals;
  em.emit({
    type: 'BoardEnded',
    data: {
      board: board.number,
      outSeat,
      left,
      cardPoints,
      showed,
      doubled,
      scores,
      totals: perSeat((s) => before[s] + scores[s]),
    },
  });
  if (board.duplicate) return;
  em.emit({ type: 'DeckRevealed', data: { board: board.number, salt: board.salt, order: [...board.order] } });
}

/**
 * RevealBoard (DEC-B2-4): a duplicate board's deal, sealed since this table played it, is revealed
 * once its set has seen every table play it. Nothing else may reveal it, and only once.
 */
export function decideReveal(cmd: B2RevealBoard, state: BigTwoState): B2Decision {
  const sealed = state.sealed.find((s) => s.board === cmd.board);
  if (sealed === undefined) {
    return b2Violation(
      'B2-GEN-1',
      `board: ${String(cmd.board)} has no sealed duplicate deal at this table (not played here yet, not a duplicate board, or already revealed)`,
      `牌副 ${String(cmd.board)} 在本桌没有待公开的复式牌（尚未打完、不是复式牌副或已公开）`,
    );
  }
  return new B2Emitter(state)
    .emit({
      type: 'DeckRevealed',
      data: { board: sealed.board, salt: sealed.salt, order: [...sealed.order] },
    })
    .done();
}

/** LiftBoardHold (DEC-B2-5): the set lifts a board's broadcast hold here; only a hold still on. */
export function decideLiftHold(cmd: B2LiftBoardHold, state: BigTwoState): B2Decision {
  if (!state.held.includes(cmd.board)) {
    return b2Violation(
      'B2-GEN-1',
      `board: ${String(cmd.board)} has no broadcast hold at this table (not dealt here held, or lifted already)`,
      `牌副 ${String(cmd.board)} 在本桌没有待解除的转播暂扣`,
    );
  }
  return new B2Emitter(state)
    .emit({ type: 'BoardHoldLifted', data: { board: cmd.board, at: cmd.at, reason: cmd.reason } })
    .done();
}
