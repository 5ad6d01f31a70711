import { singleDeckProblem, type Face } from '@tablecast/cards';
import type { DealBoard } from './commands';
import { boardOrder, dealCommitment, dealOut } from './deal';
import { DdzEmitter, type DdzDecision } from './emitter';
import type { DoudizhuState } from './state';
import { ddzViolation } from './violation';
import type { Seat } from '../events/primitives';

/**
 * DealBoard: a new board (DDZ-DEAL-1, DDZ-GEN-2): BoardStarted, DeckCommitted (public) and
 * CardsDealt (staff-only). The first bidder is seat 0 in duplicate play, else rotates (DEC-DDZ-2).
 * Whether a duplicate board is sealed and held is the ruleset's (DEC-DDZ-4, DEC-DDZ-5).
 */
export function decideDeal(cmd: DealBoard, state: DoudizhuState): DdzDecision {
  if (state.status !== 'betweenBoards') {
    return ddzViolation(
      'DDZ-DEAL-1',
      'a board can start only between boards',
      '只有在两副牌之间才能开始新的一副牌',
    );
  }
  if (!Number.isInteger(cmd.board) || cmd.board < 1 || state.boardNumbers.includes(cmd.board)) {
    return ddzViolation(
      'DDZ-DEAL-1',
      `board: ${String(cmd.board)} is not a new board number`,
      `牌副编号 ${String(cmd.board)} 无效或已打过`,
    );
  }
  if ((cmd.seed === undefined) === (cmd.order === undefined)) {
    return ddzViolation(
      'DDZ-GEN-2',
      'give either a shuffle seed or an entered deal order',
      '须提供洗牌种子或录入的牌序（二者之一）',
    );
  }
  const order: Face[] = cmd.seed !== undefined ? boardOrder(cmd.seed, 0) : [...(cmd.order ?? [])];
  const problem = singleDeckProblem(order);
  if (problem !== null) {
    return ddzViolation(
      'DDZ-DEAL-1',
      `order: not one 54-card deck: ${problem.message}`,
      `牌序不是一副完整的54张牌：${problem.messageZh}`,
    );
  }
  const firstBidder: Seat = state.ruleset.firstBidder === 'seat0' ? 0 : (((cmd.board - 1) % 3) as Seat);
  // DEC-DDZ-4: a duplicate board stays sealed past this table's end only under `allTables`;
  // DEC-DDZ-5: it opens a broadcast hold only under `lastTableDealt`.
  const sealed = cmd.duplicate === true && state.ruleset.duplicateReveal === 'allTables';
  const held =
    cmd.duplicate === true && cmd.held === true && state.ruleset.broadcastHold === 'lastTableDealt';
  const em = new DdzEmitter(state);
  em.emit({
    type: 'BoardStarted',
    data: {
      board: cmd.board,
      firstBidder,
      startedAt: cmd.now,
      ...(sealed ? { duplicate: true as const } : {}),
      ...(held ? { held: true as const } : {}),
    },
  });
  emitDeal(em, cmd.board, 0, cmd.seed ?? null, order, cmd.salt);
  return em.done();
}

export function emitDeal(
  em: DdzEmitter,
  board: number,
  redeal: number,
  seed: string | null,
  order: readonly Face[],
  salt: string,
): void {
  const { hands, kitty } = dealOut(order);
  em.emit({ type: 'DeckCommitted', data: { board, redeal, commitment: dealCommitment(order, salt) } });
  em.emit({ type: 'CardsDealt', data: { board, redeal, seed, order: [...order], salt, hands, kitty } });
}

/** DDZ-BID-5, DEC-DDZ-1: all passed; the redeal is derived from the board's seed (or its salt). */
export function emitRedeal(em: DdzEmitter): void {
  const board = em.state.board;
  if (board === null) return;
  const first = board.deals[0];
  const redeal = board.deals.length;
  em.emit({ type: 'BoardPassedOut', data: { board: board.number, redeal: redeal - 1 } });
  const seed = first?.seed ?? `${board.salt}#entered`;
  emitDeal(em, board.number, redeal, seed, boardOrder(seed, redeal), board.salt);
}
