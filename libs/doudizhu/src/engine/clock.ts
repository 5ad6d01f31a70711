import { compareDdzFaces, ddzRank, ddzRankName, type Face } from '@tablecast/cards';
import { defendersOf, type Seat } from '../events/primitives';
import type { DoudizhuCommand } from './commands';
import type { DoudizhuState } from './state';

/**
 * The running turn clock, as data: who must act, how long they have, the rule that sets the limit,
 * the revision it started at and when it runs out (epoch ms): the recorded time of the choice that
 * started it plus the limit, so terminals count down and the server times it from the log alone.
 */
export interface TurnClock {
  readonly seats: readonly Seat[];
  readonly seconds: number;
  readonly rule: 'DDZ-BID-6' | 'DDZ-DBL-1' | 'DDZ-DBL-2' | 'DDZ-PLAY-6';
  readonly since: number;
  /** Null when the choice that started it was recorded without a time. */
  readonly deadline: number | null;
}

export function turnClock(state: DoudizhuState): TurnClock | null {
  const running = clockWithoutDeadline(state);
  if (running === null) return null;
  const started = state.clockStartedAt;
  return { ...running, deadline: started === null ? null : started + running.seconds * 1000 };
}

function clockWithoutDeadline(state: DoudizhuState): Omit<TurnClock, 'deadline'> | null {
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
  const clock = turnClock(state);
  const board = state.board;
  const seat = clock?.seats[0];
  if (clock === null || board === null || seat === undefined) return null;
  const timeout = { revision: state.revision };
  switch (clock.rule) {
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
