import { z } from 'zod';
import { CardSchema, HandsSchema, SeatSchema } from './primitives';

/**
 * A board (副) begins. In duplicate play every table playing the board gets the same deal: the
 * same seed (or entered order) and salt give the same order and the same commitment (DDZ-GEN-1).
 */
export const BoardStartedSchema = z.object({
  type: z.literal('BoardStarted'),
  data: z.object({
    board: z.number().int().min(1),
    /** DDZ-BID-1, DEC-DDZ-2. */
    firstBidder: SeatSchema,
    startedAt: z.number().int(),
    /**
     * DDZ-GEN-1: a board of a duplicate set, played at other tables too. Its deals are revealed by
     * the set once every table has played it (RevealBoard), not at this table's board end, which
     * would show the cards to the other tables' audiences while they still play them. Absent for a
     * board dealt for this table alone, and for a duplicate board under the ruleset's
     * `duplicateReveal: 'ownEnd'` (DEC-DDZ-4), which reveals it at this table's end.
     */
    duplicate: z.literal(true).optional(),
    /**
     * DEC-DDZ-5: the board's set declares its tables, so this deal waits on the delayed broadcast
     * until the last of them has been dealt the board (BoardHoldLifted), then its delay. Absent
     * under the ruleset's `broadcastHold: 'none'`.
     */
    held: z.literal(true).optional(),
  }),
});

/** Public: hex sha256 of the deal's order and the board's salt, published before any card is seen. */
export const DeckCommittedSchema = z.object({
  type: z.literal('DeckCommitted'),
  data: z.object({
    board: z.number().int().min(1),
    /** 0 for the first deal of the board; n for the n-th redeal after all passed (DEC-DDZ-1). */
    redeal: z.number().int().min(0),
    commitment: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});

/**
 * Staff-only (it holds every hand and the kitty): the deal itself (DDZ-DEAL-1). Card `i` < 51 of
 * `order` goes to seat `i mod 3`; the last three are the kitty (底牌), face down.
 */
export const CardsDealtSchema = z.object({
  type: z.literal('CardsDealt'),
  data: z.object({
    board: z.number().int().min(1),
    redeal: z.number().int().min(0),
    seed: z.string().nullable(),
    order: z.array(CardSchema).length(54),
    salt: z.string(),
    hands: HandsSchema,
    kitty: z.array(CardSchema).length(3),
  }),
});

/** DDZ-BID-5, DEC-DDZ-1: all three passed; the board is redealt under the same number. */
export const BoardPassedOutSchema = z.object({
  type: z.literal('BoardPassedOut'),
  data: z.object({ board: z.number().int().min(1), redeal: z.number().int().min(0) }),
});

/**
 * Public once no table still plays the cards: each deal's salt and order, so anyone can check
 * DeckCommitted. A table's own board ends it; a duplicate board's set reveals it once every table
 * dealt the board has played it (DDZ-GEN-1).
 */
export const DeckRevealedSchema = z.object({
  type: z.literal('DeckRevealed'),
  data: z.object({
    board: z.number().int().min(1),
    redeal: z.number().int().min(0),
    salt: z.string(),
    order: z.array(CardSchema).length(54),
  }),
});

export { BoardHoldLiftedSchema } from '@tablecast/game-kit';
