import {
  doubleDeck,
  JOKERS,
  RANKS,
  SUITS,
  type CardId,
  type Joker,
  type Rank,
  type Suit,
} from '@tablecast/cards';
import { z } from 'zod';

/**
 * The wire vocabulary of a four-handed partnership game (Guandan today): compass seats in play
 * order, the two pairs, and a play's reading. The protocol owns these forms, so no engine type
 * crosses the wire: the game's engine keeps its own, and the registry's spec checks they agree.
 */
export const COMPASS_SEATS = ['S', 'E', 'N', 'W'] as const;
export type CompassSeat = (typeof COMPASS_SEATS)[number];
export const COMPASS_PAIRS = ['NS', 'EW'] as const;
export type CompassPair = (typeof COMPASS_PAIRS)[number];

/** One value per compass seat. */
export interface PerCompassSeat<T> {
  readonly S: T;
  readonly E: T;
  readonly N: T;
  readonly W: T;
}

/** The combinations a reading names (GD-COMBO-1…10), as the glossary spells them. */
export const WIRE_COMBO_TYPES = [
  'single',
  'pair',
  'triple',
  'fullHouse',
  'straight',
  'pairSequence',
  'tripleSequence',
  'bomb',
  'straightFlush',
  'fourJokers',
] as const;
export type WireComboType = (typeof WIRE_COMBO_TYPES)[number];

/**
 * How the server read a play: `{type, rank, length, suit?}`. `rank` is the key rank (absent for
 * four jokers), `suit` only for a straight flush.
 */
export interface WireReading {
  readonly type: WireComboType;
  readonly rank?: Rank | Joker | undefined;
  readonly length: number;
  readonly suit?: Suit | undefined;
}

/** The rulesets a Guandan match may be created with, by name. */
export const WIRE_RULESET_NAMES = ['cga2017', 'cesa2023', 'house004'] as const;

export const CompassSeatSchema = z.enum(COMPASS_SEATS);
export const CompassPairSchema = z.enum(COMPASS_PAIRS);

/** One of the 108 card ids of the double deck (`H5a`, `BJb`). */
export const WireCardIdSchema = z.enum(doubleDeck() as [CardId, ...CardId[]], {
  error:
    'expected a card id: S, H, C or D with 2-9, T, J, Q, K or A, or the joker BJ or RJ, then its copy a or b (e.g. H5a, BJb)',
});

export const WireReadingSchema = z.object({
  type: z.enum(WIRE_COMBO_TYPES),
  rank: z.union([z.enum(RANKS), z.enum(JOKERS)]).optional(),
  length: z.number().int().min(1).max(10),
  suit: z.enum(SUITS).optional(),
});

/** GD-FMT-1…4: to past A, a fixed number of deals, timed, or whichever of time and deals comes first. */
export const WireMatchFormatSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('toPastAce') }),
  z.object({ kind: z.literal('fixedDeals'), deals: z.number().int().min(1) }),
  z.object({ kind: z.literal('timed'), minutes: z.number().int().min(1) }),
  z.object({
    kind: z.literal('timedOrFixedDeals'),
    deals: z.number().int().min(1),
    minutes: z.number().int().min(1),
  }),
]);
