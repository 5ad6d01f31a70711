import { z } from 'zod';

const id = z.string().regex(/^[A-Za-z0-9_.:]{1,64}$/, 'expected 1–64 letters, digits, _ . or :');
export const TournamentIdSchema = id;

/** A round's board set: `<tournament>.r<round>.g<group>` or `….boards` (TRN-MP-1), so longer than an id. */
export const BoardSetIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:]{1,100}$/, 'expected 1–100 letters, digits, _ . or :');

const StageSchema = z.strictObject({
  format: z.enum([
    'singleKnockout',
    'doubleKnockout',
    'roundRobin',
    'doubleRoundRobin',
    'groupRoundRobin',
    'swiss',
    'swissElimination',
    'duplicateSwiss',
  ]),
  venue: z.enum(['onSite', 'remote', 'tv']),
  rounds: z.int().min(1).max(99),
  unit: z.strictObject({
    games: z.int().min(1).max(9),
    bestOf: z.boolean(),
    /** TRN-KO-5 (b): the deals of each game of a best-of round. */
    deals: z.int().min(1).max(99).optional(),
  }),
  advance: z.int().min(1).optional(),
});

/**
 * A new event's id: its matches and board sets are named after it (`<id>.r<round>.s<session>.t<table>.g<game>`,
 * `<id>.r<round>.s<session>.g<group>`), and those names are ids of at most 64 characters, so the
 * event's own id leaves room for the longest suffix (TRN-MOVE-6 sessions, TRN-KO-5 games).
 */
export const MAX_NEW_TOURNAMENT_ID = 40;
const newTournamentId = id.max(MAX_NEW_TOURNAMENT_ID, {
  message: `at most ${String(MAX_NEW_TOURNAMENT_ID)} characters, so the names of its matches and board sets (<id>.r<round>.s<session>.t<table>.g<game>) fit in 64`,
});

/** POST /api/tournaments: an event and its regulations' choices (defaults: 000 order, fold, refuse). */
export const CreateTournamentSchema = z.strictObject({
  tournamentId: newTournamentId,
  name: z.string().trim().min(1).max(120),
  game: id.default('guandan'),
  ruleset: z.enum(['cga2017', 'cesa2023']),
  stages: z.array(StageSchema).min(1).max(8),
  options: z
    .strictObject({
      pairingRules: z.enum(['000', '003']).default('000'),
      firstRound: z.enum(['fold', 'slide', 'lot']).default('fold'),
      whenNoLegalPairing: z.enum(['refuse', 'allowRematch']).default('refuse'),
      byeScore: z
        .strictObject({ matchTenths: z.int().min(0), levelPoints: z.int().min(0) })
        .nullable()
        .default(null),
      /** TRN-KO-1: a knockout stage plays off 3rd and 4th between the semi-final losers. */
      thirdPlace: z.boolean().optional(),
      /** TRN-MOVE-3: a duplicate Swiss stage's tables per group; absent, one group of every player. */
      tablesPerGroup: z.int().min(1).max(999).optional(),
      /** TRN-MP-1: the boards a duplicate Swiss round deals each comparison set; absent, 3. */
      boardsPerRound: z.int().min(1).max(100).optional(),
      /** TRN-MOVE-6: the sessions of a duplicate Swiss round, each its own boards; absent, 1. */
      sessionsPerRound: z.int().min(1).max(20).optional(),
      /** TRN-MOVE-6: players move after each `session` or only after each `round`; absent, session. */
      moveAfter: z.enum(['session', 'round']).optional(),
      /** TRN-MOVE-6: a move reads the `cumulative` standings or the `lastSession` alone; absent, cumulative. */
      rankingBasis: z.enum(['cumulative', 'lastSession']).optional(),
    })
    .default({ pairingRules: '000', firstRound: 'fold', whenNoLegalPairing: 'refuse', byeScore: null }),
});

/** POST …/entrants: the entrants sheet as CSV text (header: name, and optionally entrant, unit, seed). */
export const ImportEntrantsSchema = z.strictObject({ csv: z.string().min(1).max(1_000_000) });

export const PairRoundSchema = z.strictObject({ seed: z.string().min(1).max(200).nullable().default(null) });

export const RoundParamSchema = z.coerce.number().int().min(1).max(99);

/** A session (局) of a round of several (TRN-MOVE-6), from 1; a round of one session has session 1. */
export const SessionParamSchema = z.coerce.number().int().min(1).max(99);

export const AssignMatchSchema = z.strictObject({ match: id, table: z.int().min(1).max(999), matchId: id });

export const ForfeitSchema = z.strictObject({ round: z.int().min(1), match: id, forfeitedBy: id });

export const WithdrawSchema = z.strictObject({ entrant: id, reason: z.string().trim().min(1).max(500) });

/**
 * POST …/board-times: the arbiter's correction of one player's own play time on one board of a
 * duplicate table's result (TRN-TB-4/5, DEC-T-3). `board` as the result names it (the standings'
 * board lines and the score sheet show it); `seconds` whole seconds, at most a day.
 */
export const CorrectBoardTimeSchema = z.strictObject({
  round: z.int().min(1).max(99),
  match: id,
  board: z.string().min(1).max(200),
  entrant: id,
  seconds: z.int().min(0).max(86_400),
  reason: z.string().trim().min(1).max(500),
  /**
   * The tournament's revision the arbiter read (`GET /:id`): one that has moved on since is a 409
   * and nothing is written. Omitted: the stream as it stands.
   */
  revision: z.int().min(0).optional(),
});
