import type { Face } from '@tablecast/cards';
import type { B2DealBoard } from './commands';
import { boardOrder, dealCommitment, dealOut, deckProblem, holderOfD3 } from './deal';
import { B2Emitter, type B2Decision } from './emitter';
import type { BigTwoState } from './state';
import { b2Violation } from './violation';

/**
 * DealBoard (B2-DEAL-1/2, B2-GEN-2): BoardStarted, DeckCommitted (public) and CardsDealt (hands
 * sealed), 13 cards each from one 52-card deck; 首家 is the holder of ♦3 (B2-TERM-1).
 */
export function decideDeal(cmd: B2DealBoard, state: BigTwoState): B2Decision {
  if (state.status !== 'betweenBoards') {
    return b2Violation(
      'B2-DEAL-2',
      'a board can start only between boards',
      '只有在两副牌之间才能开始新的一副牌',
    );
  }
  if (!Number.isInteger(cmd.board) || cmd.board < 1 || state.boardNumbers.includes(cmd.board)) {
    return b2Violation(
      'B2-DEAL-2',
      `board: ${String(cmd.board)} is not a new board number`,
      `牌副编号 ${String(cmd.board)} 无效或已打过`,
    );
  }
  if ((cmd.seed === undefined) === (cmd.order === undefined)) {
    return b2Violation(
      'B2-DEAL-2',
      'give either a shuffle seed or an entered deal order',
      '须提供洗牌种子或录入的牌序（二者之一）',
    );
  }
  const order: Face[] = cmd.seed !== undefined ? boardOrder(cmd.seed) : [...(cmd.order ?? [])];
  const problem = deckProblem(order);
  if (problem !== null) {
    return b2Violation(
      'B2-DEAL-1',
      `order: not one 52-card deck: ${problem}`,
      `牌序不是一副完整的52张牌：${problem}`,
    );
  }
  const hands = dealOut(order);
  // DEC-B2-4: a duplicate board stays sealed past this table's end only under `allTables`;
  // DEC-B2-5: it opens a broadcast hold only under `lastTableDealt`.
  const sealed = cmd.duplicate === true && state.ruleset.duplicateReveal === 'allTables';
  const held =
    cmd.duplicate === true && cmd.held === true && state.ruleset.broadcastHold === 'lastTableDealt';
  return new B2Emitter(state)
    .emit({
      type: 'BoardStarted',
      data: {
        board: cmd.board,
        startedAt: cmd.now,
        ...(sealed ? { duplicate: true as const } : {}),
        ...(held ? { held: true as const } : {}),
      },
    })
    .emit({ type: 'DeckCommitted', data: { board: cmd.board, commitment: dealCommitment(order, cmd.salt) } })
    .emit({
      type: 'CardsDealt',
      data: {
        board: cmd.board,
        seed: cmd.seed ?? null,
        order,
        salt: cmd.salt,
        hands,
        firstSeat: holderOfD3(hands),
      },
    })
    .done();
}
