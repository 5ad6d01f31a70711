import type { DdzSeat, DoudizhuView, Face, PlayReading } from '@tablecast/doudizhu/view';

/** What a seat shows in the current trick: its play on the table, a pass, or nothing. */
export type SeatAction =
  | { readonly kind: 'play'; readonly cards: readonly Face[]; readonly as: PlayReading }
  | { readonly kind: 'pass' }
  | null;

/**
 * The trick as the table reads it (DDZ-PLAY-*): the last play stays in front of its player, and
 * each seat after him that has passed since shows 不出, in playing order (DDZ-GEN-4: 0 → 1 → 2).
 */
export function seatAction(view: DoudizhuView, seat: DdzSeat): SeatAction {
  const last = view.board?.trick?.last ?? null;
  const trick = view.board?.trick ?? null;
  if (trick === null || last === null) return null;
  if (last.seat === seat) return { kind: 'play', cards: last.cards, as: last.as };
  const behind = (seat - last.seat + 3) % 3;
  return behind >= 1 && behind <= trick.passes ? { kind: 'pass' } : null;
}

/** Whose move the table waits for: the one seat to act, or both defenders while they double. */
export function toAct(view: DoudizhuView, seat: DdzSeat): boolean {
  const board = view.board;
  if (board === null || board.phase === 'over') return false;
  if (board.turn !== null) return board.turn === seat;
  return board.clock?.seats.includes(seat) ?? false;
}
