import { compareDdzFaces, ddzRank, ddzRankName, type Face } from '@tablecast/cards';
import { timedTurn, withDeadline, type RunningTurnClock, type SeatTurnClock } from '@tablecast/game-kit';
import { defendersOf, type Seat } from '../events/primitives';
import type { DoudizhuCommand } from './commands';
import type { DoudizhuState } from './state';

/** The running turn clock (game-kit's SeatTurnClock): one per bid, doubling, redouble and play turn. */
export type TurnClock = SeatTurnClock<Seat, DdzClockRule>;
type DdzClockRule = 'DDZ-BID-6' | 'DDZ-DBL-1' | 'DDZ-DBL-2' | 'DDZ-PLAY-6';

export function turnClock(state: DoudizhuState): TurnClock | null {
  return withDeadline(clockWithoutDeadline(state), state.clockStartedAt);
}

function clockWithoutDeadline(state: DoudizhuState): RunningTurnClock<Seat, DdzClockRule> | null {
  const board = state.board;
  if (state.status !== 'inBoard' || board === null) return null;
  const { ruleset } = state;
  const since = state.clockSince;
  switch (board.phase) {
    case 'bidding':
      return board.turn === null
        ? null
        : { seats: [board.turn], seconds: ruleset.bidSeconds, rule: 'DDZ-BID-6', since };
    case 'doubling': {
      if (board.landlord === null) return null;
      const seats = defendersOf(board.landlord).filter((s) => board.doubles[s] === null);
      return { seats, seconds: ruleset.doubleSeconds, rule: 'DDZ-DBL-1', since };
    }
    case 'redoubling':
      return board.landlord === null
        ? null
        : { seats: [board.landlord], seconds: ruleset.doubleSeconds, rule: 'DDZ-DBL-2', since };
    case 'play':
      return board.turn === null
        ? null
        : { seats: [board.turn], seconds: ruleset.playSeconds, rule: 'DDZ-PLAY-6', since };
    case 'dealing':
    case 'over':
      return null;
  }
}

/**
 * The command the software sends when the clock runs out, stamped with the revision it timed:
 * 不叫 (DDZ-BID-6), no double (DDZ-DBL-1, the digest's proposal), no redouble (DDZ-DBL-2), the
 * lowest single when leading and a pass when following (DDZ-PLAY-6). With both defenders late,
 * it answers for the first; the second's default follows at the next revision.
 */
export function timeoutDefault(state: DoudizhuState): DoudizhuCommand | null {
  const turn = timedTurn(state, turnClock(state));
  if (turn === null) return null;
  const { board, seat, timeout } = turn;
  switch (turn.clock.rule) {
    case 'DDZ-BID-6':
      return { type: 'Bid', seat, bid: 'pass', timeout };
    case 'DDZ-DBL-1':
      return { type: 'Double', seat, double: false, timeout };
    case 'DDZ-DBL-2':
      return { type: 'Redouble', seat, redouble: false, timeout };
    case 'DDZ-PLAY-6': {
      if (board.trick?.last != null) return { type: 'Pass', seat, timeout };
      const lowest = lowestCard(board.hands[seat]);
      if (lowest === null) return null;
      return {
        type: 'PlayCards',
        seat,
        cards: [lowest],
        as: { type: 'single', rank: ddzRankName(ddzRank(lowest)), length: 1 },
        timeout,
      };
    }
  }
}

/** DDZ-PLAY-6: lowest by DDZ-CMP-3 (3 lowest); among equal ranks the suit is immaterial. */
export function lowestCard(hand: readonly Face[]): Face | null {
  let best: Face | null = null;
  for (const card of hand) if (best === null || compareDdzFaces(card, best) < 0) best = card;
  return best;
}
