import { boardCommandSchemas, commandEnvelope } from '@tablecast/game-kit';
import { z } from 'zod';
import type { BigTwoCommand } from '../engine/commands';
import { BigTwoRulesetSchema } from '../events/match-events';
import { CardSchema, SeatSchema } from '../events/primitives';

/** B2-GEN-1: four players; the envelope (setup, rulings, appeals, the match's end) is game-kit's. */
const envelope = commandEnvelope(SeatSchema, BigTwoRulesetSchema, 4);
const { Timeout, At } = envelope;
/** The deal, its reveal and hold, a double and a pass: game-kit's, over this game's seats and cards. */
const board = boardCommandSchemas(SeatSchema, CardSchema);

/** A Big Two match's setup: the table, the ruleset and the four players (B2-GEN-1). */
export const BigTwoSetupSchema = envelope.Setup;
export type BigTwoSetup = z.infer<typeof BigTwoSetupSchema>;

/** Every command the Big Two decider takes, as the server hands it over. */
export const BigTwoCommandSchema: z.ZodType<BigTwoCommand> = z.discriminatedUnion('type', [
  envelope.CreateMatch,
  board.DealBoard,
  board.RevealBoard,
  board.LiftBoardHold,
  z.object({ type: z.literal('Show'), seat: SeatSchema, show: z.boolean(), timeout: Timeout, now: At }),
  board.Double,
  z.object({
    type: z.literal('PlayCards'),
    seat: SeatSchema,
    cards: z.array(CardSchema).min(1).max(13),
    timeout: Timeout,
    now: At,
  }),
  board.Pass,
  envelope.IssuePenalty,
  envelope.LodgeAppeal,
  envelope.DecideAppeal,
  envelope.EndMatch,
]);
