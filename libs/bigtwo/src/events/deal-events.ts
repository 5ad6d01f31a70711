import { z } from 'zod';
import { CardSchema, HandsSchema, SeatSchema } from './primitives';

/** A board (副) begins; every duplicate table playing it gets the same deal (B2-GEN-1). */
export const BoardStartedSchema = z.object({
  type: z.literal('BoardStarted'),
  data: z.object({
    board: z.number().int().min(1),
    startedAt: z.number().int(),
    /**
     * DEC-B2-4: a board of a duplicate set, played at other tables too: its deal is revealed by the
     * set once every table has played it (RevealBoard), not at this table's board end. Absent for
     * a board dealt for this table alone, and under the ruleset's `duplicateReveal: 'ownEnd'`.
     */
    duplicate: z.literal(true).optional(),
    /**
     * DEC-B2-5: the set declares its tables: the deal waits on the broadcast for the last of them.
     * Absent under the ruleset's `broadcastHold: 'none'`.
     */
    held: z.literal(true).optional(),
  }),
});

/** Public: hex sha256 of the deal's order and the board's salt, published before any card is seen. */
export const DeckCommittedSchema = z.object({
  type: z.literal('DeckCommitted'),
  data: z.object({ board: z.number().int().min(1), commitment: z.string().regex(/^[0-9a-f]{64}$/) }),
});

/**
 * The deal (B2-DEAL-1/2): card `i` of `order` goes to seat `i mod 4` from S, 13 each. It holds
 * every hand, so only staff, the delayed broadcast and each holder (his own) see it whole. The
 * 首家 is the holder of ♦3 (B2-TERM-1): the table learns who, since he chooses first and leads.
 */
export const CardsDealtSchema = z.object({
  type: z.literal('CardsDealt'),
  data: z.object({
    board: z.number().int().min(1),
    seed: z.string().nullable(),
    order: z.array(CardSchema).length(52),
    salt: z.string(),
    hands: HandsSchema,
    firstSeat: SeatSchema,
  }),
});

/**
 * Public once no table still plays the cards: the salt and order, so anyone can check DeckCommitted.
 * A table's own board ends it; a duplicate board's set reveals it once every table has played it.
 */
export const DeckRevealedSchema = z.object({
  type: z.literal('DeckRevealed'),
  data: z.object({
    board: z.number().int().min(1),
    salt: z.string(),
    order: z.array(CardSchema).length(52),
  }),
});

export { BoardHoldLiftedSchema } from '@tablecast/game-kit';
