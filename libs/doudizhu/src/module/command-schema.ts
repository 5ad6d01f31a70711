import { boardCommandSchemas, commandEnvelope } from '@tablecast/game-kit';
import { z } from 'zod';
import type { DoudizhuCommand } from '../engine/commands';
import { DoudizhuRulesetSchema } from '../events/match-events';
import { BidSchema, CardSchema, PlayReadingSchema, SeatSchema } from '../events/primitives';

/** DDZ-GEN-1: three players; the envelope (setup, rulings, appeals, the match's end) is game-kit's. */
const envelope = commandEnvelope(SeatSchema, DoudizhuRulesetSchema, 3);
const { Timeout, At } = envelope;
/** The deal, its reveal and hold, a double and a pass: game-kit's, over this game's seats and cards. */
const board = boardCommandSchemas(SeatSchema, CardSchema);

/** A Dou Dizhu match's setup: the table, the ruleset and the three players (DDZ-GEN-1). */
export const DoudizhuSetupSchema = envelope.Setup;
export type DoudizhuSetup = z.infer<typeof DoudizhuSetupSchema>;

/** Every command the Dou Dizhu decider takes, as the server hands it over. */
export const DoudizhuCommandSchema: z.ZodType<DoudizhuCommand> = z.discriminatedUnion('type', [
  envelope.CreateMatch,
  board.DealBoard,
  board.RevealBoard,
  board.LiftBoardHold,
  z.object({ type: z.literal('Bid'), seat: SeatSchema, bid: BidSchema, timeout: Timeout, now: At }),
  board.Double,
  z.object({
    type: z.literal('Redouble'),
    seat: SeatSchema,
    redouble: z.boolean(),
    timeout: Timeout,
    now: At,
  }),
  z.object({
    type: z.literal('PlayCards'),
    seat: SeatSchema,
    cards: z.array(CardSchema).min(1).max(20),
    as: PlayReadingSchema.optional(),
    timeout: Timeout,
    now: At,
  }),
  board.Pass,
  envelope.IssuePenalty,
  envelope.LodgeAppeal,
  envelope.DecideAppeal,
  envelope.EndMatch,
]);
