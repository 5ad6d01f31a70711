import type { Reading, Seat } from '@tablecast/guandan/view';

/**
 * The server's commentary extras for a Guandan match (GET /api/commentary/:matchId), as the page
 * reads them: the server works them out from the log cut at the delayed view's revision.
 */
export interface SeatStats {
  readonly bombs: number;
  readonly tributesPaid: number;
  readonly tributesReceived: number;
  readonly aAttempts: number;
}

export type TrickStep =
  | { readonly seat: Seat; readonly kind: 'play'; readonly cards: readonly string[]; readonly as: Reading }
  | { readonly seat: Seat; readonly kind: 'pass' };

export interface TrickRecord {
  readonly handNumber: number;
  readonly winner: Seat;
  readonly steps: readonly TrickStep[];
}

export interface TurnPlays {
  readonly seat: Seat;
  readonly toBeat: Reading | null;
  readonly total: number;
  readonly byType: Readonly<Partial<Record<Reading['type'], number>>>;
  readonly plays: readonly { readonly cards: readonly string[]; readonly as: Reading }[];
  readonly mayPass: boolean;
}

export interface GuandanCommentary {
  readonly turn: TurnPlays | null;
  readonly stats: Readonly<Record<Seat, SeatStats>>;
  readonly tricks: readonly TrickRecord[];
  readonly current: readonly TrickStep[];
}
