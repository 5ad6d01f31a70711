import type { Face } from '@tablecast/cards';
import type { DealAudit, DuplicateBoards } from '@tablecast/game-kit';
import type { BigTwoCommand } from '../engine/commands';
import { boardOrder, dealCommitment } from '../engine/deal';
import type { BigTwoState } from '../engine/state';
import { DeckCommittedSchema, DeckRevealedSchema } from '../events/deal-events';

const CommittedData = DeckCommittedSchema.shape.data;
const RevealedData = DeckRevealedSchema.shape.data;

/**
 * B2-GEN-1: what a viewer checks of a board at one table from its log alone (the game's events,
 * unprefixed types): its DeckCommitted, and its DeckRevealed hashed against it. Big Two deals a
 * board once (no redeal), so a table has at most one deal of it.
 */
export function auditBigTwoBoard(
  events: readonly { readonly type: string; readonly data: unknown }[],
  board: number,
): DealAudit[] {
  let committed: string | null = null;
  let revealed: { readonly order: readonly Face[]; readonly salt: string } | null = null;
  for (const event of events) {
    if (event.type === 'DeckCommitted') {
      const data = CommittedData.parse(event.data);
      if (data.board === board) committed = data.commitment;
    } else if (event.type === 'DeckRevealed') {
      const data = RevealedData.parse(event.data);
      if (data.board === board && committed !== null) revealed = { order: data.order, salt: data.salt };
    }
  }
  if (committed === null) return [];
  const matches = revealed === null ? null : dealCommitment(revealed.order, revealed.salt) === committed;
  const deal: DealAudit = { redeal: 0, committed, revealed, matches };
  return [deal];
}

/**
 * Big Two's duplicate boards (B2-GEN-1): the set's board is dealt from its order and salt, marked
 * duplicate so the table's board end keeps it sealed (DEC-B2-4) and, when the set declares its
 * tables, held on the delayed broadcast until the last of them is dealt it (DEC-B2-5). Whether the
 * table seals and holds it is its ruleset's (`duplicateReveal`, `broadcastHold`), which the deal
 * reads: the set asks, the match's recorded ruleset decides.
 */
export const bigtwoDuplicate: DuplicateBoards<BigTwoState, BigTwoCommand> = {
  order: (seed) => boardOrder(seed),
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
  audit: auditBigTwoBoard,
};
