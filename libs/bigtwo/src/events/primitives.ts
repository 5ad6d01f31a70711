import { FACES, RANKS, SUITS, isJoker, type Face } from '@tablecast/cards';
import { z } from 'zod';

/**
 * Seats in playing order, S → E → N → W → S: play is counter-clockwise and the next to act is
 * one's 下家 (B2-SEAT-1, on the Guandan seat model). Per-seat values are records by seat.
 */
export const SEATS = ['S', 'E', 'N', 'W'] as const;
export type Seat = (typeof SEATS)[number];
export type PerSeat<T> = Readonly<Record<Seat, T>>;

export const SeatSchema = z.enum(SEATS, { error: 'expected a seat: S, E, N or W' });

/** B2-DEAL-1: the 52 suited faces of one deck, no jokers; a card is its face, e.g. `D3`, `SA`. */
export const BIGTWO_FACES: readonly Face[] = FACES.filter((face) => !isJoker(face));

export const CardSchema = z.enum(BIGTWO_FACES as [Face, ...Face[]], {
  error: 'expected a card: S, H, C or D with 3-9, T, J, Q, K, A or 2 (e.g. D3, ST); no jokers',
});

/** B2-COMBO-1…8: the combination types of a play. */
export const B2_PLAY_TYPES = [
  'single',
  'pair',
  'triple',
  'straight',
  'flush',
  'fullHouse',
  'fourOfAKind',
  'straightFlush',
] as const;

/** A reading of a play: its type, the rank (and suit) of the card that decides it, and its size. */
export const PlayReadingSchema = z.object({
  type: z.enum(B2_PLAY_TYPES),
  rank: z.enum(RANKS),
  suit: z.enum(SUITS).optional(),
  length: z.number().int().min(1).max(5),
});

export function perSeatSchema<T extends z.ZodType>(value: T) {
  return z.object({ S: value, E: value, N: value, W: value });
}

export const PerSeatIntSchema = perSeatSchema(z.number().int());
export const PerSeatBoolSchema = perSeatSchema(z.boolean());
export const HandsSchema = perSeatSchema(z.array(CardSchema).length(13));

const NEXT: PerSeat<Seat> = { S: 'E', E: 'N', N: 'W', W: 'S' };
const PREVIOUS: PerSeat<Seat> = { S: 'W', E: 'S', N: 'E', W: 'N' };

/** 下家: the next to act (B2-SEAT-1). */
export function nextSeat(seat: Seat): Seat {
  return NEXT[seat];
}

/** 上家: the player who acts just before (B2-SEAT-1, B2-PLAY-7). */
export function previousSeat(seat: Seat): Seat {
  return PREVIOUS[seat];
}

export function isSeat(value: unknown): value is Seat {
  return value === 'S' || value === 'E' || value === 'N' || value === 'W';
}

/** The four seats in playing order starting from `first`. */
export function seatsFrom(first: Seat): readonly [Seat, Seat, Seat, Seat] {
  const second = nextSeat(first);
  const third = nextSeat(second);
  return [first, second, third, nextSeat(third)];
}

export function perSeat<T>(f: (seat: Seat) => T): PerSeat<T> {
  return { S: f('S'), E: f('E'), N: f('N'), W: f('W') };
}

const SEAT_ZH: PerSeat<string> = { S: '南家', E: '东家', N: '北家', W: '西家' };

export function seatNameZh(seat: Seat): string {
  return SEAT_ZH[seat];
}
