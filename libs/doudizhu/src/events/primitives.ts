import { FACES, RANKS, type Face } from '@tablecast/cards';
import { z } from 'zod';
import { DDZ_COMBO_TYPES } from '../combos/reading';

/**
 * Seats 0, 1, 2 numbered in playing order, 0 → 1 → 2 → 0 (DDZ-GEN-4: the next to act is one's
 * 下家). Per-seat values are tuples indexed by seat.
 */
export const SEATS = [0, 1, 2] as const;
export type Seat = (typeof SEATS)[number];
export type PerSeat<T> = readonly [T, T, T];

export const SeatSchema = z.union([z.literal(0), z.literal(1), z.literal(2)], {
  error: 'expected a seat: 0, 1 or 2',
});

/** One 54-card deck (DDZ-DEAL-1): a card is its face, `S3`…`DA`, `BJ` (小王), `RJ` (大王). */
export const CardSchema = z.enum(FACES as [Face, ...Face[]], {
  error: 'expected a card: S, H, C or D with 3-9, T, J, Q, K, A or 2, or the joker BJ or RJ (e.g. H5, BJ)',
});

/** DEC-DDZ-1: a bid is 1, 2 or 3, or a pass (the source's "0分" is the pass). */
export const BidSchema = z.union([z.literal('pass'), z.literal(1), z.literal(2), z.literal(3)]);
export type Bid = z.infer<typeof BidSchema>;

/** A reading of a play: its type, key rank (none for the rocket) and number of cards. */
export const PlayReadingSchema = z.object({
  type: z.enum(DDZ_COMBO_TYPES),
  rank: z.union([z.enum(RANKS), z.literal('BJ'), z.literal('RJ')]).optional(),
  length: z.number().int().min(1).max(20),
});

export const PerSeatIntSchema = z.tuple([z.number().int(), z.number().int(), z.number().int()]);
export const HandsSchema = z.tuple([z.array(CardSchema), z.array(CardSchema), z.array(CardSchema)]);

export function nextSeat(seat: Seat): Seat {
  return ((seat + 1) % 3) as Seat;
}

export function isSeat(value: unknown): value is Seat {
  return value === 0 || value === 1 || value === 2;
}

/** The two defenders in playing order from the landlord: his 下家 first (DDZ-SCORE-1's d1, d2). */
export function defendersOf(landlord: Seat): readonly [Seat, Seat] {
  const first = nextSeat(landlord);
  return [first, nextSeat(first)];
}

export function seatNameZh(seat: Seat): string {
  return `${String(seat)}号位`;
}
