/** `+12`, `−6`, `0`: a score with its sign, the minus a real minus sign. */
export function signed(score: number): string {
  if (score > 0) return `+${String(score)}`;
  if (score < 0) return `−${String(-score)}`;
  return '0';
}

/** A player as the standings and the scorebug list him: his seat, his name and his running total. */
export interface SeatTotal<Seat> {
  readonly seat: Seat;
  readonly name: string;
  readonly total: number;
}

/** The players by running total, highest first; a tie in playing order (the seat list's order). */
export function rankByTotal<Seat, P extends SeatTotal<Seat>>(
  players: readonly P[],
  order: readonly Seat[],
): P[] {
  return [...players].sort((a, b) => b.total - a.total || order.indexOf(a.seat) - order.indexOf(b.seat));
}
