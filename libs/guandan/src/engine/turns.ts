import { SEATS, nextSeat, partnerOf, type Seat } from '../model/seats';
import type { HandState } from './state';

/** What decides who may act: the cards held, and who sits out the trick in progress. */
type Seating = Pick<HandState, 'hands' | 'suspended' | 'barred'>;

export function holds(hand: Pick<HandState, 'hands'>, seat: Seat): boolean {
  return hand.hands[seat].length > 0;
}

/** Skipped in the trick in progress: suspended (DEC-GD-10) or barred from following (GD-PEN-12). */
export function sitsOut(hand: Pick<HandState, 'suspended' | 'barred'>, seat: Seat): boolean {
  return hand.suspended.includes(seat) || hand.barred.includes(seat);
}

/**
 * The next seat to act after `from`: players who have gone out take no turns (GD-PLAY-5) and a
 * suspended or barred player is skipped for the trick (DEC-GD-10, GD-PEN-12). Null if nobody can act.
 */
export function nextToAct(hand: Seating, from: Seat): Seat | null {
  let seat = from;
  for (let i = 0; i < 4; i += 1) {
    seat = nextSeat(seat);
    if (holds(hand, seat) && !sitsOut(hand, seat)) return seat;
  }
  return null;
}

/** `seat` if it may act now, otherwise the next seat that may (a suspended leader hands the lead on). */
export function firstToAct(hand: HandState, seat: Seat): Seat | null {
  if (holds(hand, seat) && !sitsOut(hand, seat)) return seat;
  return nextToAct(hand, seat);
}

/**
 * GD-PLAY-4/5: the trick is won once every other player still holding cards (and not suspended)
 * has passed since the last play. Returns the winner and the next leader: the winner, or his
 * partner when the winner has gone out (GD-PLAY-7/8, DEC-GD-9). Null while the trick goes on.
 */
export function trickOutcome(hand: HandState): { seat: Seat; nextLeader: Seat } | null {
  const last = hand.trick?.last;
  if (last === undefined || last === null) return null;
  const pending = SEATS.filter(
    (s) => s !== last.seat && holds(hand, s) && !sitsOut(hand, s) && !hand.trick?.passed.includes(s),
  );
  if (pending.length > 0) return null;
  return { seat: last.seat, nextLeader: holds(hand, last.seat) ? last.seat : partnerOf(last.seat) };
}
