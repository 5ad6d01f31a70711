import { perSeat, type Seat } from '../events/primitives';
import type { B2Emitter } from './emitter';
import { rulesOf, scoreSeats } from './rules-port';

/**
 * B2-END-1, B2-SCORE-1…4: a player has played out; each player's card points and pairwise score
 * (with the 明牌 ×3 and 加倍 ×2 factors) are recorded, then the deal is revealed.
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
  em.emit({ type: 'DeckRevealed', data: { board: board.number, salt: board.salt, order: [...board.order] } });
}
