import type { DuplicateBoards } from '@tablecast/game-kit';
import type { Face } from '@tablecast/cards';
import type { DoudizhuCommand } from '../engine/commands';
import { auditBoardDeals, boardOrder, dealCommitment } from '../engine/deal';
import type { DoudizhuState } from '../engine/state';

/**
 * Dou Dizhu's duplicate boards (DDZ-GEN-1): a set's board is dealt from its order and salt, marked
 * duplicate so the table's board end keeps it sealed (DEC-DDZ-4) and, when the set declares its
 * tables, held on the delayed broadcast until the last of them is dealt it (DEC-DDZ-5). Whether the
 * table seals and holds it is its ruleset's (`duplicateReveal`, `broadcastHold`), which the deal
 * reads: the set asks, the match's recorded ruleset decides.
 */
export const doudizhuDuplicate: DuplicateBoards<DoudizhuState, DoudizhuCommand> = {
  order: (seed) => boardOrder(seed, 0),
  commitment: (order, salt) => dealCommitment(order as readonly Face[], salt),
  dealCommand: (board, now) => ({
    type: 'DealBoard',
    board: board.number,
    order: board.order as readonly Face[],
    salt: board.salt,
    duplicate: true,
    ...(board.held ? { held: true } : {}),
    now,
  }),
  revealCommand: (board, now) => ({ type: 'RevealBoard', board, now }),
  liftHoldCommand: (board, at, reason) => ({ type: 'LiftBoardHold', board, at, reason }),
  sealed: (state, board) => state.sealed.some((s) => s.board === board),
  holding: (state, board) => state.held.includes(board),
  audit: auditBoardDeals,
};
