import { RANKS } from '@tablecast/cards';
import { z } from 'zod';
import {
  CompassPairSchema as TeamSchema,
  CompassSeatSchema as SeatSchema,
  WIRE_COMBO_TYPES as COMBO_TYPES,
  WIRE_RULESET_NAMES as RULESET_NAMES,
  WireCardIdSchema as CardIdSchema,
  WireMatchFormatSchema as MatchFormatSchema,
  WireReadingSchema as ReadingSchema,
} from './compass';

/**
 * Guandan's commands as a client sends them (HTTP body or websocket frame), in the protocol's own
 * wire vocabulary (./compass). They carry no time, no salt and
 * no referee id: the server adds those itself, because it never trusts a client for them.
 */
const seat = { seat: SeatSchema };

export const ClientCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('DealCards'),
    /** A recorded shuffle seed; omitted, the server draws one. Exclusive with `order`. */
    seed: z.string().min(1).max(128).optional(),
    /** A deal keyed from the physical cards (108 ids in dealing order). */
    order: z.array(CardIdSchema).length(108).optional(),
    cutIndex: z.int().min(0).max(107).optional(),
  }),
  z.object({ type: z.literal('GiveTribute'), ...seat, card: CardIdSchema }),
  z.object({ type: z.literal('ReturnTribute'), ...seat, card: CardIdSchema }),
  z.object({ type: z.literal('ResistTribute'), ...seat }),
  /** GD-VAR-004-3: after equal double tributes and unequal returns, a tributer takes one returned card. */
  z.object({ type: z.literal('ChooseReturn'), ...seat, card: CardIdSchema }),
  z.object({ type: z.literal('DesignateLeader'), ...seat }),
  z.object({
    type: z.literal('PlayCards'),
    ...seat,
    cards: z.array(CardIdSchema).min(1).max(27),
    /** The declared reading (GD-WILD-5, DEC-GD-5), required only when the cards are ambiguous. */
    as: ReadingSchema.optional(),
  }),
  z.object({ type: z.literal('Pass'), ...seat }),
  z.object({
    type: z.literal('IssuePenalty'),
    ...seat,
    sanction: z.enum(['warning', 'violation', 'foul']),
    rule: z.string().regex(/^GD-[A-Z0-9-]+$/, 'must be a GD-* rule ID'),
    note: z.string().max(500).optional(),
  }),
  z.object({
    type: z.literal('AwardLevels'),
    team: TeamSchema,
    levels: z.int().min(1).max(13),
    rule: z.string().regex(/^GD-[A-Z0-9-]+$/, 'must be a GD-* rule ID'),
  }),
  /** GD-TRIB-9: the referee records the highest card a non-tributer showed. */
  z.object({ type: z.literal('RecordShownCard'), ...seat, card: CardIdSchema }),
  /** GD-PEN-9 (leader): the taken-back lead and the type his 上家 chose from it. */
  z.object({
    type: z.literal('RuleWrongLead'),
    ...seat,
    cards: z.array(CardIdSchema).min(1).max(27),
    leadType: z.enum(COMBO_TYPES),
  }),
  /** GD-PEN-11 / GD-VAR-004-9: a player put cards down out of turn; `playedType` bans his partner's next lead of it. */
  z.object({ type: z.literal('PenalizeOutOfTurnPlay'), ...seat, playedType: z.enum(COMBO_TYPES).optional() }),
  /** GD-PEN-9: after a wrong play, the offender's partner may not lead its main exposed type next trick. */
  z.object({ type: z.literal('BanExposedType'), ...seat, exposedType: z.enum(COMBO_TYPES) }),
  z.object({ type: z.literal('RecordLateArrival'), team: TeamSchema, minutes: z.int().min(0).max(600) }),
  z.object({ type: z.literal('CallTime') }),
  /** Keying corrections (the log is never edited): the operator asks, the referee decides. */
  z.object({
    type: z.literal('RequestCorrection'),
    /** The table really looks like the match after this revision; later game events are retracted. */
    toRevision: z.int().min(0),
    reason: z.string().trim().min(1).max(500),
  }),
  z.object({ type: z.literal('ConfirmCorrection'), correctionId: z.string().min(1).max(64) }),
  z.object({
    type: z.literal('RejectCorrection'),
    correctionId: z.string().min(1).max(64),
    note: z.string().max(500),
  }),
  z.object({
    type: z.literal('ForfeitMatch'),
    team: TeamSchema,
    rule: z.string().regex(/^GD-[A-Z0-9-]+$/, 'must be a GD-* rule ID'),
  }),
]);
export type ClientCommand = z.infer<typeof ClientCommandSchema>;
export type ClientCommandType = ClientCommand['type'];

/** A game as the registry names it (`guandan`, `doudizhu`). */
export const GameIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9]{0,31}$/, 'must be a game id: lower-case letters and digits, e.g. guandan');

const revisionSchema = z.int().min(0);
/**
 * A client's key for one intended request (a command's `idempotencyKey`, a create's
 * `Idempotency-Key` header): a resend with it is answered with the first answer.
 */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,128}$/, 'must be 8-128 characters of A-Z a-z 0-9 _ . : -');

/** What the edge reads of a create or command request before its game is known: the game, if named. */
export const GameRequestSchema = z.looseObject({ game: GameIdSchema.optional() });
export type GameRequest = z.infer<typeof GameRequestSchema>;

/**
 * Every command request, whichever game: the game it is for (Guandan when it does not say: the
 * clients written before other games), the revision the sender acted on, its idempotency key, and
 * a command with a type. The rest of the command is the game's: the server reads it with that
 * game's command schema, and refuses a command for a game the match is not.
 */
export const CommandEnvelopeSchema = z.object({
  game: GameIdSchema.optional(),
  revision: revisionSchema,
  idempotencyKey: IdempotencyKeySchema,
  command: z.looseObject({ type: z.string().min(1).max(64) }),
});
export type CommandEnvelope = z.infer<typeof CommandEnvelopeSchema>;

/** One Guandan command plus the stream revision the sender acted on and its idempotency key. */
export const CommandRequestSchema = z.object({
  game: z.literal('guandan').optional(),
  /** Revision of the match stream the sender last saw; a stale one is refused with 409. */
  revision: revisionSchema,
  /** Unique per intended command; a retry with the same key returns the first result. */
  idempotencyKey: IdempotencyKeySchema,
  command: ClientCommandSchema,
});
export type CommandRequest = z.infer<typeof CommandRequestSchema>;

/** Match ids name event streams (`match-<id>`), so they avoid `-`; other ids may use it. */
export const MatchIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:]{1,64}$/, 'must be 1-64 characters of A-Z a-z 0-9 _ . :');
/** A venue table's id (`final-1`), as a match names its table and an operator token is scoped to it. */
export const TableIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 characters of A-Z a-z 0-9 _ . : -');
const idSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 characters of A-Z a-z 0-9 _ . : -');
const nameSchema = z.string().trim().min(1).max(64);

/**
 * Every create request, whichever game: the game (Guandan when it does not say), the match id and
 * the table (an operator token is scoped to it). The rest is the game's setup, read with its schema.
 */
export const CreateMatchEnvelopeSchema = z.looseObject({
  game: GameIdSchema.optional(),
  matchId: MatchIdSchema,
  table: TableIdSchema,
});
export type CreateMatchEnvelope = z.infer<typeof CreateMatchEnvelopeSchema>;

/** A Guandan match as a client creates it: its rulesets by name, the pairs and the four players. */
export const CreateMatchRequestSchema = z.object({
  game: z.literal('guandan').optional(),
  /** Chosen by the organiser (e.g. `final_2026_t1`; no `-`) so every system names the match alike. */
  matchId: MatchIdSchema,
  /** The venue table; operator tokens are scoped to it. */
  table: idSchema,
  ruleset: z.enum(RULESET_NAMES).default('cga2017'),
  format: MatchFormatSchema.default({ kind: 'toPastAce' }),
  teams: z.object({
    NS: z.object({ id: idSchema, name: nameSchema }),
    EW: z.object({ id: idSchema, name: nameSchema }),
  }),
  players: z
    .array(z.object({ id: idSchema, name: nameSchema, seat: SeatSchema }))
    .length(4)
    .refine(
      (players) => new Set(players.map((p) => p.seat)).size === 4,
      'must seat one player at each of S, E, N, W',
    ),
  /**
   * The level both pairs start from, 2 to A (GD-LVL-1; `T` is 10). Absent: 2, as every game starts
   * (GD-LVL-2). A tournament sets it only for the extra deal played on top of a knockout game that
   * ended level (TRN-KO-5 (b), DEC-GD-15).
   */
  startLevel: z.enum(RANKS).optional(),
});
export type CreateMatchRequest = z.input<typeof CreateMatchRequestSchema>;

/** What the server answers to an accepted command. */
export interface CommandAccepted {
  readonly matchId: string;
  /** The stream revision after the command; send it with the next command. */
  readonly revision: number;
  /** Global log position of the last event written (appeals reference positions). */
  readonly position: string;
  /**
   * The events the command produced, with their data: staff clients (the console, bots) follow the
   * match from these without reading the state back. Staff see every hand anyway, so nothing here is
   * hidden from them; a seat token's move is answered with the events' types and revisions only
   * (its events may deal cards the seat may not see), the seat following its match from its views.
   */
  readonly events: readonly { readonly type: string; readonly revision: number; readonly data: unknown }[];
  /** True when this answers a retry of an idempotency key already handled. */
  readonly replayed: boolean;
}
