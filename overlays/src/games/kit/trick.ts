import type { Face } from '@tablecast/cards/view';

/** What a seat shows in the current trick: its play on the table, a pass, or nothing. */
export type SeatAction<Reading> =
  | { readonly kind: 'play'; readonly cards: readonly Face[]; readonly as: Reading }
  | { readonly kind: 'pass' }
  | null;

/** A trick as a shedding game's view carries it: the play standing, and the passes made since. */
export interface TrickOnTable<Seat, Reading> {
  readonly last: { readonly seat: Seat; readonly cards: readonly Face[]; readonly as: Reading } | null;
  readonly passes: number;
}

/**
 * The trick as the table reads it: the last play stays in front of its player, and each seat after
 * him that has passed since shows a pass, counted in playing order (`order`, the game's seats).
 */
export function seatAction<Seat, Reading>(
  trick: TrickOnTable<Seat, Reading> | null,
  seat: Seat,
  order: readonly Seat[],
): SeatAction<Reading> {
  const last = trick?.last ?? null;
  if (trick === null || last === null) return null;
  if (last.seat === seat) return { kind: 'play', cards: last.cards, as: last.as };
  const behind = (order.indexOf(seat) - order.indexOf(last.seat) + order.length) % order.length;
  return behind >= 1 && behind <= trick.passes ? { kind: 'pass' } : null;
}

/** A board as the table's clock reads it: whose turn it is, or the seats a timed choice waits on. */
export interface BoardToAct<Seat> {
  readonly phase: string;
  readonly turn: Seat | null;
  readonly clock: { readonly seats: readonly Seat[] } | null;
}

/** Whose move the table waits for: the one seat to act, or every seat a simultaneous choice waits on. */
export function toAct<Seat>(board: BoardToAct<Seat> | null, seat: Seat): boolean {
  if (board === null || board.phase === 'over') return false;
  if (board.turn !== null) return board.turn === seat;
  return board.clock?.seats.includes(seat) ?? false;
}
