import type { Face } from '@tablecast/cards';
import { timedTurn, withDeadline, type RunningTurnClock, type SeatTurnClock } from '@tablecast/game-kit';
import { SEATS, type Seat } from '../events/primitives';
import { highestSingle, lowestSingle } from './card-order';
import type { BigTwoCommand } from './commands';
import { restrictedToHighestSingle } from './legal';
import type { B2BoardState, BigTwoState } from './state';

/**
 * The running turn clock (game-kit's SeatTurnClock). The show choices share one clock (B2-SHOW-1,
 * in parallel); each doubling turn has its own (B2-DBL-1); play runs a clock only when the ruleset
 * sets one (B2-PLAY-8).
 */
export type B2TurnClock = SeatTurnClock<Seat, B2ClockRule>;
type B2ClockRule = 'B2-SHOW-1' | 'B2-DBL-1' | 'B2-PLAY-8';

export function turnClock(state: BigTwoState): B2TurnClock | null {
  return withDeadline(clockWithoutDeadline(state), state.clockStartedAt);
}

function clockWithoutDeadline(state: BigTwoState): RunningTurnClock<Seat, B2ClockRule> | null {
  const board = state.board;
  if (state.status !== 'inBoard' || board === null) return null;
  const { ruleset } = state;
  const since = state.clockSince;
  switch (board.phase) {
    case 'showing':
      return {
        seats: SEATS.filter((s) => board.shown[s] === null),
        seconds: ruleset.showSeconds,
        rule: 'B2-SHOW-1',
        since,
      };
    case 'doubling':
      return board.turn === null
        ? null
        : { seats: [board.turn], seconds: ruleset.doubleSeconds, rule: 'B2-DBL-1', since };
    case 'play':
      return board.turn === null || ruleset.playSeconds === null
        ? null
        : { seats: [board.turn], seconds: ruleset.playSeconds, rule: 'B2-PLAY-8', since };
    case 'dealing':
    case 'over':
      return null;
  }
}

/**
 * The single a timed-out leader plays under a ruleset's play clock: ♦3 on the first lead (the
 * lowest card, B2-PLAY-1), his highest single under B2-PLAY-7, else his lowest single.
 */
export function timeoutLead(board: B2BoardState, seat: Seat): Face | null {
  const hand = board.hands[seat];
  return restrictedToHighestSingle(board, seat) ? highestSingle(hand) : lowestSingle(hand);
}

/**
 * The command the software records when the clock runs out, stamped with the revision it timed:
 * not shown (B2-SHOW-1), no double (B2-DBL-1), and under a ruleset's play clock a pass when
 * following or a single when leading. With several seats late to show, it answers for the first;
 * the next default follows at the next revision.
 */
export function timeoutDefault(state: BigTwoState): BigTwoCommand | null {
  const turn = timedTurn(state, turnClock(state));
  if (turn === null) return null;
  const { board, seat, timeout } = turn;
  switch (turn.clock.rule) {
    case 'B2-SHOW-1':
      return { type: 'Show', seat, show: false, timeout };
    case 'B2-DBL-1':
      return { type: 'Double', seat, double: false, timeout };
    case 'B2-PLAY-8': {
      if (board.trick?.last != null) return { type: 'Pass', seat, timeout };
      const lead = timeoutLead(board, seat);
      return lead === null ? null : { type: 'PlayCards', seat, cards: [lead], timeout };
    }
  }
}
