import { z } from 'zod';
import type { DoudizhuCommand } from '../engine/commands';
import { DoudizhuRulesetSchema } from '../events/match-events';
import { BidSchema, CardSchema, PlayReadingSchema, SeatSchema } from '../events/primitives';

const PlayerSchema = z.object({ id: z.string().min(1), name: z.string().min(1), seat: SeatSchema });

/** A Dou Dizhu match's setup: the table, the ruleset and the three players (DDZ-GEN-1). */
export const DoudizhuSetupSchema = z.object({
  table: z.string().min(1),
  ruleset: DoudizhuRulesetSchema,
  players: z.array(PlayerSchema).length(3),
});
export type DoudizhuSetup = z.infer<typeof DoudizhuSetupSchema>;

const TimeoutSchema = z.object({ revision: z.number().int().min(0) }).optional();
const Time = z.number().int();
/** The server's time of a turn's choice (the next turn clock starts from it); absent in pure play. */
const At = Time.optional();

/** Every command the Dou Dizhu decider takes, as the server hands it over. */
export const DoudizhuCommandSchema: z.ZodType<DoudizhuCommand> = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('CreateMatch'),
    table: z.string().min(1),
    ruleset: DoudizhuRulesetSchema,
    players: z.array(PlayerSchema).length(3),
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
  z.object({ type: z.literal('Bid'), seat: SeatSchema, bid: BidSchema, timeout: TimeoutSchema, now: At }),
  z.object({
    type: z.literal('Double'),
    seat: SeatSchema,
    double: z.boolean(),
    timeout: TimeoutSchema,
    now: At,
  }),
  z.object({
    type: z.literal('Redouble'),
    seat: SeatSchema,
    redouble: z.boolean(),
    timeout: TimeoutSchema,
    now: At,
  }),
  z.object({
    type: z.literal('PlayCards'),
    seat: SeatSchema,
    cards: z.array(CardSchema).min(1).max(20),
    as: PlayReadingSchema.optional(),
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
