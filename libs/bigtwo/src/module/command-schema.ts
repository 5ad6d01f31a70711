import { z } from 'zod';
import type { BigTwoCommand } from '../engine/commands';
import { BigTwoRulesetSchema } from '../events/match-events';
import { CardSchema, SeatSchema } from '../events/primitives';

const PlayerSchema = z.object({ id: z.string().min(1), name: z.string().min(1), seat: SeatSchema });

/** A Big Two match's setup: the table, the ruleset and the four players (B2-GEN-1). */
export const BigTwoSetupSchema = z.object({
  table: z.string().min(1),
  ruleset: BigTwoRulesetSchema,
  players: z.array(PlayerSchema).length(4),
});
export type BigTwoSetup = z.infer<typeof BigTwoSetupSchema>;

const TimeoutSchema = z.object({ revision: z.number().int().min(0) }).optional();
const Time = z.number().int();
/** The server's time of a choice (the next turn clock starts from it); absent in pure play. */
const At = Time.optional();

/** Every command the Big Two decider takes, as the server hands it over. */
export const BigTwoCommandSchema: z.ZodType<BigTwoCommand> = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('CreateMatch'),
    table: z.string().min(1),
    ruleset: BigTwoRulesetSchema,
    players: z.array(PlayerSchema).length(4),
    now: Time,
  }),
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
  z.object({ type: z.literal('Show'), seat: SeatSchema, show: z.boolean(), timeout: TimeoutSchema, now: At }),
  z.object({
    type: z.literal('Double'),
    seat: SeatSchema,
    double: z.boolean(),
    timeout: TimeoutSchema,
    now: At,
  }),
  z.object({
    type: z.literal('PlayCards'),
    seat: SeatSchema,
    cards: z.array(CardSchema).min(1).max(13),
    timeout: TimeoutSchema,
    now: At,
  }),
  z.object({ type: z.literal('Pass'), seat: SeatSchema, timeout: TimeoutSchema, now: At }),
  z.object({
    type: z.literal('IssuePenalty'),
    seat: SeatSchema,
    rule: z.string().min(1),
    sanction: z.enum(['warning', 'deduction']),
    points: z.number().int().min(0),
    refereeId: z.string().min(1),
    note: z.string().optional(),
    now: Time,
  }),
  z.object({
    type: z.literal('LodgeAppeal'),
    penalty: z.number().int().min(1),
    seat: SeatSchema,
    grounds: z.string().min(1),
    now: Time,
  }),
  z.object({
    type: z.literal('DecideAppeal'),
    appeal: z.number().int().min(1),
    votesFor: z.number().int().min(0),
    votesAgainst: z.number().int().min(0),
    now: Time,
  }),
  z.object({ type: z.literal('EndMatch'), now: Time }),
]);
