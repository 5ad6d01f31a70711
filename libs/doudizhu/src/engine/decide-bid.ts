import { seatNameZh, type Seat } from '../events/primitives';
import { atOf } from './at';
import type { MakeBid } from './commands';
import { emitRedeal } from './decide-deal';
import { DdzEmitter, type DdzDecision } from './emitter';
import type { BoardState, DoudizhuState } from './state';
import { staleTimeout } from './stale';
import { ddzViolation } from './violation';

/**
 * DDZ-BID-1…6, DEC-DDZ-1: one bidding turn each, in playing order from the first bidder; a bid
 * beats every earlier bid; a 3 ends bidding at once; all passing redeals the board.
 */
export function decideBid(cmd: MakeBid, state: DoudizhuState): DdzDecision {
  const stale = staleTimeout(cmd.timeout, state, 'DDZ-BID-6');
  if (stale !== null) return stale;
  const board = state.board;
  if (board?.phase !== 'bidding') {
    return ddzViolation('DDZ-BID-4', 'bidding is not in progress', '当前不在叫牌阶段');
  }
  if (board.turn !== cmd.seat) {
    return ddzViolation(
      'DDZ-BID-2',
      `seat ${String(cmd.seat)} is not on turn to bid (seat ${String(board.turn)} is)`,
      `${seatNameZh(cmd.seat)}未轮到叫牌`,
    );
  }
  if (!BIDS.includes(cmd.bid)) {
    return ddzViolation('DDZ-BID-3', 'bid: 1, 2, 3 or pass', '叫分须为1分、2分、3分或不叫');
  }
  if (cmd.timeout !== undefined && cmd.bid !== 'pass') {
    return ddzViolation('DDZ-BID-6', 'a timed-out bid is 不叫', '超时视为不叫');
  }
  const high = highestBid(board);
  if (cmd.bid !== 'pass' && high !== null && cmd.bid <= high.bid) {
    return ddzViolation(
      'DDZ-BID-2',
      `a bid must beat the highest bid so far (${String(high.bid)})`,
      `叫分须高于此前最高叫分（${String(high.bid)}分）`,
    );
  }
  const em = new DdzEmitter(state);
  em.emit({
    type: 'BidMade',
    data: { seat: cmd.seat, bid: cmd.bid, timedOut: cmd.timeout !== undefined, ...atOf(cmd.now) },
  });
  const after = em.state.board;
  if (after === null) return em.done();
  const winner = highestBid(after);
  if (cmd.bid === 3) {
    em.emit({ type: 'LandlordChosen', data: { seat: cmd.seat, bid: 3 } });
  } else if (after.bids.length === 3) {
    if (winner === null) emitRedeal(em);
    else em.emit({ type: 'LandlordChosen', data: { seat: winner.seat, bid: winner.bid } });
  }
  return em.done();
}

/** DEC-DDZ-1; typed loosely because a command may come from outside with any value. */
const BIDS: readonly unknown[] = ['pass', 1, 2, 3];

export function highestBid(board: BoardState): { seat: Seat; bid: 1 | 2 | 3 } | null {
  let best: { seat: Seat; bid: 1 | 2 | 3 } | null = null;
  for (const { seat, bid } of board.bids) {
    if (bid !== 'pass' && (best === null || bid > best.bid)) best = { seat, bid };
  }
  return best;
}
