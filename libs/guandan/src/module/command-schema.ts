import { z } from 'zod';
import type { GuandanCommand } from '../engine/commands';
import { MatchFormatSchema } from '../events/match-events';
import { CardIdSchema, RankSchema, ReadingSchema, SeatSchema, TeamSchema } from '../events/primitives';
import { COMBO_TYPES } from '../model/reading';
import { RulesetSchema } from '../ruleset/ruleset';

const seat = { seat: SeatSchema };
const referee = { refereeId: z.string().min(1) };
const TeamInfoSchema = z.object({ id: z.string().min(1), name: z.string().min(1) });

/** A Guandan match's setup: what the organiser decides before the first deal (GD-SEAT-1/2, GD-FMT-*). */
export const GuandanSetupSchema = z.object({
  table: z.string().min(1).max(64),
  ruleset: RulesetSchema,
  format: MatchFormatSchema,
  teams: z.object({ NS: TeamInfoSchema, EW: TeamInfoSchema }),
  players: z.array(z.object({ id: z.string().min(1), name: z.string().min(1), seat: SeatSchema })).length(4),
  /** The level both pairs start from (GD-LVL-1); only the extra deal on top of a level game (DEC-GD-15). */
  startLevel: RankSchema.optional(),
});
export type GuandanSetup = z.infer<typeof GuandanSetupSchema>;

/**
 * Every command the decider takes, as it takes it: with the time, salt and referee id the server
 * adds (the client's form, without them, is the protocol's). Rule checks stay in `decide`.
 */
export const GuandanCommandSchema = z.discriminatedUnion('type', [
  GuandanSetupSchema.extend({ type: z.literal('CreateMatch'), now: z.number() }),
  z.object({
    type: z.literal('DealCards'),
    seed: z.string().min(1).optional(),
    order: z.array(CardIdSchema).length(108).optional(),
    salt: z.string(),
    cutIndex: z.int().min(0).max(107).optional(),
    now: z.number(),
  }),
  z.object({ type: z.literal('GiveTribute'), ...seat, card: CardIdSchema }),
  z.object({ type: z.literal('ReturnTribute'), ...seat, card: CardIdSchema }),
  z.object({ type: z.literal('ChooseReturn'), ...seat, card: CardIdSchema }),
  z.object({ type: z.literal('ResistTribute'), ...seat }),
  z.object({ type: z.literal('DesignateLeader'), ...seat }),
  z.object({
    type: z.literal('PlayCards'),
    ...seat,
    cards: z.array(CardIdSchema).min(1),
    as: ReadingSchema.optional(),
  }),
  z.object({ type: z.literal('Pass'), ...seat }),
  z.object({
    type: z.literal('IssuePenalty'),
    ...seat,
    sanction: z.enum(['warning', 'violation', 'foul']),
    rule: z.string().min(1),
    ...referee,
    note: z.string().optional(),
  }),
  z.object({
    type: z.literal('PenalizeOutOfTurnPlay'),
    ...seat,
    ...referee,
    playedType: z.enum(COMBO_TYPES).optional(),
  }),
  z.object({ type: z.literal('RecordShownCard'), ...seat, card: CardIdSchema, ...referee }),
  z.object({
    type: z.literal('RuleWrongLead'),
    ...seat,
    cards: z.array(CardIdSchema).min(1),
    leadType: z.enum(COMBO_TYPES),
    ...referee,
  }),
  z.object({ type: z.literal('BanExposedType'), ...seat, exposedType: z.enum(COMBO_TYPES), ...referee }),
  z.object({ type: z.literal('ReportThinkingTime'), ...seat, seconds: z.number().min(0), ...referee }),
  z.object({
    type: z.literal('AwardLevels'),
    team: TeamSchema,
    levels: z.int().min(1),
    rule: z.string().min(1),
    ...referee,
  }),
  z.object({ type: z.literal('RecordLateArrival'), team: TeamSchema, minutes: z.int().min(0), ...referee }),
  z.object({ type: z.literal('CallTime'), now: z.number() }),
  z.object({ type: z.literal('ForfeitMatch'), team: TeamSchema, rule: z.string().min(1), ...referee }),
]) satisfies z.ZodType<GuandanCommand>;
