import { defendersOf, type Seat } from '../events/primitives';
import type { Face } from '@tablecast/cards';
import type { LiftBoardHold, RevealBoard } from './commands';
import { DdzEmitter, type DdzDecision } from './emitter';
import type { DoudizhuState } from './state';
import { ddzViolation } from './violation';
import { scoreBoard } from './rules-port';

/**
 * DDZ-END-1…3, DDZ-SCORE-1…5: the first to play out wins for his side; spring and anti-spring are
 * read off the plays made; the board is scored and recorded, then every deal of it is revealed —
 * unless it is a duplicate board (DDZ-GEN-1): other tables may still be playing these cards, so
 * its set reveals them once every table has played it (RevealBoard).
 */
export function endBoard(em: DdzEmitter, outSeat: Seat): void {
  const board = em.state.board;
  if (board?.landlord == null || board.bid === null) return;
  const landlord = board.landlord;
  const [d1, d2] = defendersOf(landlord);
  const winner = outSeat === landlord ? 'landlord' : 'defenders';
  // DDZ-END-2: the landlord played out and neither defender played a card.
  const spring = winner === 'landlord' && board.plays[d1] === 0 && board.plays[d2] === 0;
  // DDZ-END-3: the defenders won and the landlord's only play was the opening lead.
  const antiSpring = winner === 'defenders' && board.plays[landlord] === 1;
  const doubled1 = board.doubles[d1] === true;
  const doubled2 = board.doubles[d2] === true;
  const score = scoreBoard({
    bid: board.bid,
    doubled: [doubled1, doubled2],
    redoubled: board.redoubled,
    bombs: board.bombs,
    rockets: board.rockets,
    spring,
    antiSpring,
    winner,
  });
  const scores: [number, number, number] = [0, 0, 0];
  scores[landlord] = score.landlord;
  scores[d1] = score.defenders[0];
  scores[d2] = score.defenders[1];
  const doubled: [boolean, boolean, boolean] = [false, false, false];
  doubled[d1] = doubled1;
  doubled[d2] = doubled2;
  const before = em.state.boardTotals;
  em.emit({
    type: 'BoardEnded',
    data: {
      board: board.number,
      landlord,
      bid: board.bid,
      outSeat,
      winner,
      doubled,
      redoubled: board.redoubled,
      bombs: board.bombs,
      rockets: board.rockets,
      spring,
      antiSpring,
      scores,
      totals: [before[0] + scores[0], before[1] + scores[1], before[2] + scores[2]],
    },
  });
  if (board.duplicate) return;
  emitReveal(em, board.number, board.salt, board.deals);
}

/** DeckRevealed for each deal of the board, in the order they were dealt. */
export function emitReveal(
  em: DdzEmitter,
  board: number,
  salt: string,
  deals: readonly { readonly redeal: number; readonly order: readonly Face[] }[],
): void {
  for (const deal of deals) {
    em.emit({ type: 'DeckRevealed', data: { board, redeal: deal.redeal, salt, order: [...deal.order] } });
  }
}

/**
 * RevealBoard (DDZ-GEN-1): a duplicate board's deals, sealed since this table played it, are
 * revealed once its set has seen every table play it. Nothing else may reveal them, and only once.
 */
export function decideReveal(cmd: RevealBoard, state: DoudizhuState): DdzDecision {
  const sealed = state.sealed.find((s) => s.board === cmd.board);
  if (sealed === undefined) {
    return ddzViolation(
      'DDZ-GEN-1',
      `board: ${String(cmd.board)} has no sealed duplicate deal at this table (not played here yet, not a duplicate board, or already revealed)`,
      `牌副 ${String(cmd.board)} 在本桌没有待公开的复式牌（尚未打完、不是复式牌副或已公开）`,
    );
  }
  const em = new DdzEmitter(state);
  emitReveal(em, sealed.board, sealed.salt, sealed.deals);
  return em.done();
}

/**
 * LiftBoardHold (DEC-DDZ-5): the set lifts a board's broadcast hold at this table once its last
 * declared table has been dealt the board (or the organiser closed it). Only a hold still on.
 */
export function decideLiftHold(cmd: LiftBoardHold, state: DoudizhuState): DdzDecision {
  if (!state.held.includes(cmd.board)) {
    return ddzViolation(
      'DDZ-GEN-1',
      `board: ${String(cmd.board)} has no broadcast hold at this table (not dealt here held, or lifted already)`,
      `牌副 ${String(cmd.board)} 在本桌没有待解除的转播暂扣`,
    );
  }
  const em = new DdzEmitter(state);
  em.emit({ type: 'BoardHoldLifted', data: { board: cmd.board, at: cmd.at, reason: cmd.reason } });
  return em.done();
}
