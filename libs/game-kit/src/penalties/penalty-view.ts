import type { PenaltyRecord } from './ruling-ledger';

/** A ruling as a game's view shows it: without the arbiter's note, and whether it was rescinded on appeal. */
export interface PenaltyView<Seat> {
  readonly penalty: number;
  readonly seat: Seat;
  readonly rule: string;
  readonly sanction: string;
  readonly points: number;
  readonly rescinded: boolean;
}

/** The rulings of a match as its view shows them, field by field (a field added later stays out). */
export function penaltiesView<Seat>(penalties: readonly PenaltyRecord<Seat>[]): PenaltyView<Seat>[] {
  return penalties.map((p) => ({
    penalty: p.data.penalty,
    seat: p.data.seat,
    rule: p.data.rule,
    sanction: p.data.sanction,
    points: p.data.points,
    rescinded: p.rescinded,
  }));
}
