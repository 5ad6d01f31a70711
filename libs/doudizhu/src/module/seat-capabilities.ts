import type { Prng } from '@tablecast/cards';
import type { DoudizhuCommand } from '../engine/commands';
import type { DoudizhuState } from '../engine/state';
import { SEATS, type Seat } from '../events/primitives';
import { seatBotCommand } from '../sim/seat-bot';
import { seatChoices, type SeatChoices } from './seat-choices';

/** A module seat id ('0', '1', '2') as the engine's seat; null for any other id. */
function engineSeat(seat: string): Seat | null {
  return SEATS.find((s) => String(s) === seat) ?? null;
}

/** The module's `seatChoices`: a seat not at the table has none. */
export function doudizhuSeatChoices(state: DoudizhuState, seat: string): SeatChoices | null {
  const n = engineSeat(seat);
  return n === null ? null : seatChoices(state, n);
}

/** The module's `seatBotCommand` (DDZ-GEN-3): a random legal move for the seat, or null. */
export function doudizhuSeatBotCommand(
  state: DoudizhuState,
  seat: string,
  random: Prng,
): DoudizhuCommand | null {
  const n = engineSeat(seat);
  return n === null ? null : seatBotCommand(state, n, random);
}
