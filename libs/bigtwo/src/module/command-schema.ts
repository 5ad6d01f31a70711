import { commandEnvelope } from '@tablecast/game-kit';
import { z } from 'zod';
import type { BigTwoCommand } from '../engine/commands';
import { BigTwoRulesetSchema } from '../events/match-events';
import { CardSchema, SeatSchema } from '../events/primitives';

/** B2-GEN-1: four players; the envelope (setup, rulings, appeals, the match's end) is game-kit's. */
const envelope = commandEnvelope(SeatSchema, BigTwoRulesetSchema, 4);
const { Timeout, Time, At } = envelope;

/** A Big Two match's setup: the table, the ruleset and the four players (B2-GEN-1). */
export const BigTwoSetupSchema = envelope.Setup;
export type BigTwoSetup = z.infer<typeof BigTwoSetupSchema>;

/** Every command the Big Two decider takes, as the server hands it over. */
export const BigTwoCommandSchema: z.ZodType<BigTwoCommand> = z.discriminatedUnion('type', [
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
  z.object({ type: z.literal('Show'), seat: SeatSchema, show: z.boolean(), timeout: Timeout, now: At }),
  z.object({
    type: z.literal('Double'),
    seat: SeatSchema,
    double: z.boolean(),
    timeout: Timeout,
    now: At,
  }),
  z.object({
    type: z.literal('PlayCards'),
    seat: SeatSchema,
    cards: z.array(CardSchema).min(1).max(13),
    timeout: Timeout,
    now: At,
  }),
  z.object({ type: z.literal('Pass'), seat: SeatSchema, timeout: Timeout, now: At }),
  envelope.IssuePenalty,
  envelope.LodgeAppeal,
  envelope.DecideAppeal,
  envelope.EndMatch,
]);
