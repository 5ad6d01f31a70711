/** One fact on a lower third's line; a `strong` one (a role, a factor badge) stands out in gold. */
export interface LowerThirdFact {
  readonly key: string;
  readonly text: string;
  readonly strong?: boolean;
}

/** A player on the scorebug: his running total in his seat's colour, and a badge where he wears one. */
export interface ScorebugPlayer<Seat> {
  readonly seat: Seat;
  readonly name: string;
  readonly total: number;
  readonly colour: string;
  /** A word on a gold ground after his name (the landlord's 地主), or null. */
  readonly badge: string | null;
}

/** Where a seat panel stands on the 1920×1080 stage, in px from the edges the game names. */
export type SeatPlace = Readonly<Partial<Record<'left' | 'right' | 'top' | 'bottom', number>>>;
