import type { Face } from '@tablecast/cards';
import { SEATS, type Seat } from '../events/primitives';
import { highestSingle, lowestSingle } from './card-order';
import type { BigTwoCommand } from './commands';
import { restrictedToHighestSingle } from './legal';
import type { B2BoardState, BigTwoState } from './state';

/**
 * The running turn clock, as data: who must act, how long they have, the rule that sets the
 * limit, the revision it started at and when it runs out (epoch ms, from the recorded time of the
 * choice that started it). The show choices share one clock (B2-SHOW-1, in parallel); each
 * doubling turn has its own (B2-DBL-1); play runs a clock only when the ruleset sets one (B2-PLAY-8).
 */
export interface B2TurnClock {
  readonly seats: readonly Seat[];
  readonly seconds: number;
  readonly rule: 'B2-SHOW-1' | 'B2-DBL-1' | 'B2-PLAY-8';
  readonly since: number;
  readonly deadline: number | null;
}

export function turnClock(state: BigTwoState): B2TurnClock | null {
  const running = clockWithoutDeadline(state);
  if (running === null) return null;
  const started = state.clockStartedAt;
  return { ...running, deadline: started === null ? null : started + running.seconds * 1000 };
}

function clockWithoutDeadline(state: BigTwoState): Omit<B2TurnClock, 'deadline'> | null {
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
  const clock = turnClock(state);
  const board = state.board;
  const seat = clock?.seats[0];
  if (clock === null || board === null || seat === undefined) return null;
  const timeout = { revision: state.revision };
  switch (clock.rule) {
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
