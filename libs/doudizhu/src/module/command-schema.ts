import { commandEnvelope } from '@tablecast/game-kit';
import { z } from 'zod';
import type { DoudizhuCommand } from '../engine/commands';
import { DoudizhuRulesetSchema } from '../events/match-events';
import { BidSchema, CardSchema, PlayReadingSchema, SeatSchema } from '../events/primitives';

/** DDZ-GEN-1: three players; the envelope (setup, rulings, appeals, the match's end) is game-kit's. */
const envelope = commandEnvelope(SeatSchema, DoudizhuRulesetSchema, 3);
const { Timeout, Time, At } = envelope;

/** A Dou Dizhu match's setup: the table, the ruleset and the three players (DDZ-GEN-1). */
export const DoudizhuSetupSchema = envelope.Setup;
export type DoudizhuSetup = z.infer<typeof DoudizhuSetupSchema>;

/** Every command the Dou Dizhu decider takes, as the server hands it over. */
export const DoudizhuCommandSchema: z.ZodType<DoudizhuCommand> = z.discriminatedUnion('type', [
  envelope.CreateMatch,
  z.object({
    type: z.literal('DealBoard'),
    board: z.number().int().min(1),
    seed: z.string().min(1).optional(),
    order: z.array(CardSchema).optional(),
    salt: z.string(),
    duplicate: z.boolean().optional(),
    held: z.boolean().optional(),
    now: Time,
  }),
  z.object({ type: z.literal('RevealBoard'), board: z.number().int().min(1), now: At }),
  z.object({
    type: z.literal('LiftBoardHold'),
    board: z.number().int().min(1),
    at: Time,
    reason: z.enum(['dealtEverywhere', 'closed']),
    now: At,
  }),
  z.object({ type: z.literal('Bid'), seat: SeatSchema, bid: BidSchema, timeout: Timeout, now: At }),
  z.object({
    type: z.literal('Double'),
    seat: SeatSchema,
    double: z.boolean(),
    timeout: Timeout,
    now: At,
  }),
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
  z.object({ type: z.literal('Pass'), seat: SeatSchema, timeout: Timeout, now: At }),
  envelope.IssuePenalty,
  envelope.LodgeAppeal,
  envelope.DecideAppeal,
  envelope.EndMatch,
]);
