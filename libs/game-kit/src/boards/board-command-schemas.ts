import { z } from 'zod';

/**
 * The match and board commands of a seated board game as the server hands them over (the schemas
 * of board-commands.ts), over the game's seat and card schemas: a board's deal, its reveal and its
 * broadcast hold, a double and a pass. game-kit's commandEnvelope gives the rest of the envelope.
 */
export function boardCommandSchemas<Seat extends z.ZodType, Card extends z.ZodType>(seat: Seat, card: Card) {
  const Time = z.number().int();
  const At = Time.optional();
  const Timeout = z.object({ revision: z.number().int().min(0) }).optional();
  return {
    DealBoard: z.object({
      type: z.literal('DealBoard'),
      board: z.number().int().min(1),
      seed: z.string().min(1).optional(),
      order: z.array(card).optional(),
      salt: z.string(),
      duplicate: z.boolean().optional(),
      held: z.boolean().optional(),
      now: Time,
    }),
    RevealBoard: z.object({ type: z.literal('RevealBoard'), board: z.number().int().min(1), now: At }),
    LiftBoardHold: z.object({
      type: z.literal('LiftBoardHold'),
      board: z.number().int().min(1),
      at: Time,
      reason: z.enum(['dealtEverywhere', 'closed']),
      now: At,
    }),
    Double: z.object({ type: z.literal('Double'), seat, double: z.boolean(), timeout: Timeout, now: At }),
    Pass: z.object({ type: z.literal('Pass'), seat, timeout: Timeout, now: At }),
  };
}
