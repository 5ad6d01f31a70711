import { z } from 'zod';
import { idSchema } from '../arbitration/event-reference';
import { defineEvent } from '../catalog/definition';

/**
 * The `tournament-<id>` stream (TRN-*): the event around the matches. A tournament owns its entrants,
 * pairings, table assignments and recorded results; each match keeps its own stream, and a result
 * reaches the tournament as the game module reported it (game-kit MatchResult / BoardResult).
 */

const name = z.string().trim().min(1).max(120);
const round = z.int().min(1);
/** Match points in tenths (2:0 = 20), level points and the raw level difference, as scored. */
const SideScoreSchema = z.object({
  entrant: idSchema,
  matchTenths: z.int(),
  levelPoints: z.int(),
  levelDifference: z.int(),
});

/** One stage as the regulations set it (TRN-EVT-2 formats combined; TRN-EVT-3 the round unit). */
const StageSchema = z.object({
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
  rounds: z.int().min(1),
  unit: z.object({
    games: z.int().min(1).max(9),
    bestOf: z.boolean(),
    /**
     * TRN-KO-5 (b): the deals of each game of a best-of round (计副制, GD-FMT-2); a unit that is not a
     * best-of plays `games` deals as one game and leaves it out.
     */
    deals: z.int().min(1).max(99).optional(),
  }),
  advance: z.int().min(1).optional(),
});

/** The choices the sources leave open, fixed for the whole event when it is created. */
const TournamentOptionsSchema = z.object({
  /** TRN-SWISS-1 (000) or TRN-SWISS-7 (003) pairing order. */
  pairingRules: z.enum(['000', '003']),
  firstRound: z.enum(['fold', 'slide', 'lot']),
  whenNoLegalPairing: z.enum(['refuse', 'allowRematch']),
  /** TRN-SWISS-8 under 000: the bye's score when the regulations give one (tenths, level points). */
  byeScore: z.object({ matchTenths: z.int().min(0), levelPoints: z.int().min(0) }).nullable(),
  /** TRN-KO-1: a knockout stage plays off 3rd and 4th between the semi-final losers (absent: no). */
  thirdPlace: z.boolean().optional(),
  /**
   * TRN-MOVE-3: a duplicate Swiss stage's tables per group (N; a group holds seats × N players).
   * Absent: one group of every player.
   */
  tablesPerGroup: z.int().min(1).optional(),
  /**
   * TRN-MP-1: the boards of a duplicate Swiss round, dealt to every table of a comparison set when
   * the round starts. Absent: 3, the number of boards in both worked examples (TRN-MP-6, TRN-MP-7);
   * the sources fix no number (TRN-MOVE-6: "several boards make a session").
   */
  boardsPerRound: z.int().min(1).max(100).optional(),
  /**
   * TRN-MOVE-6: the sessions (局) of a duplicate Swiss round (轮), each dealt its own boards
   * (`boardsPerRound` boards a session). Absent: 1, the round is one session.
   */
  sessionsPerRound: z.int().min(1).max(20).optional(),
  /**
   * TRN-MOVE-6 open question: the players move after each session or only after each round.
   * Absent: `session` (the session rule is the more specific text).
   */
  moveAfter: z.enum(['session', 'round']).optional(),
  /**
   * TRN-MOVE-6 open question: the ranking a move reads, the cumulative standings or the last session
   * alone. Absent: `cumulative` ("current ranking").
   */
  rankingBasis: z.enum(['cumulative', 'lastSession']).optional(),
});

export const TournamentCreatedSchema = z.object({
  type: z.literal('TournamentCreated'),
  data: z.object({
    tournamentId: idSchema,
    name,
    /** The game module the matches are played with (e.g. "guandan"). */
    game: idSchema,
    /** `cga2017` (000) or `cesa2023` (003): the scoring tables and the tie-break chain. */
    ruleset: z.enum(['cga2017', 'cesa2023']),
    /** The first stage's format, repeated for readers that show one word. */
    format: StageSchema.shape.format,
    stages: z.array(StageSchema).min(1),
    options: TournamentOptionsSchema,
  }),
});
export type TournamentCreated = z.infer<typeof TournamentCreatedSchema>;

const EntrantSchema = z.object({
  entrant: idSchema,
  name,
  /** The organisation (单位), for TRN-SWISS-7; null when none. */
  unit: z.string().trim().min(1).max(120).nullable(),
  /** The seeding (strength order), 1 strongest; null when unknown (round 1 drawn by lot). */
  seed: z.int().min(1).nullable(),
  /** The pair number (编号), from 1, in order of registration. */
  number: z.int().min(1),
});

export const EntrantRegisteredSchema = z.object({
  type: z.literal('EntrantRegistered'),
  data: EntrantSchema,
});
export type EntrantRegistered = z.infer<typeof EntrantRegisteredSchema>;

/** A pair entered after round 1 was paired; it plays from `fromRound` on. */
export const EntrantLateEnteredSchema = z.object({
  type: z.literal('EntrantLateEntered'),
  data: EntrantSchema.extend({ fromRound: round }),
});
export type EntrantLateEntered = z.infer<typeof EntrantLateEnteredSchema>;

/** TRN-WD-1 (before round 1, `round` null) or TRN-WD-2 (after the start: the round it withdrew in). */
export const EntrantWithdrawnSchema = z.object({
  type: z.literal('EntrantWithdrawn'),
  data: z.object({
    entrant: idSchema,
    round: round.nullable(),
    reason: z.string().trim().min(1).max(500),
  }),
});
export type EntrantWithdrawn = z.infer<typeof EntrantWithdrawnSchema>;

/**
 * A table of individual players (TRN-MOVE-4/5): its match name, its group (TRN-MOVE-3), its table
 * in the group and its number in the hall (`table`, the venue's: group 1's tables first), and the
 * players by seat (`seats[0]` sits in the game's first seat).
 */
const SeatedTableSchema = z.object({
  match: idSchema,
  group: z.int().min(1),
  groupTable: z.int().min(1),
  table: z.int().min(1),
  seats: z.array(idSchema).min(3).max(4),
});

/**
 * A round paired, with everything needed to pair it again and compare: the seed of a draw, the
 * standings the pairing read, the meetings so far, and the constraints it had to relax and why.
 */
export const RoundPairedSchema = z.object({
  type: z.literal('RoundPaired'),
  data: z.object({
    round,
    stage: z.int().min(1),
    seed: z.string().max(200).nullable(),
    inputStandings: z.array(
      z.object({
        entrant: idSchema,
        /** Exact decimal strings (DEC-T-2). */
        matchPoints: z.string().regex(/^-?\d+(\.\d+)?$/),
        levelPoints: z.int(),
        unit: z.string().nullable(),
        number: z.int().min(1),
        byes: z.int().min(0),
      }),
    ),
    history: z.array(z.tuple([idSchema, idSchema])),
    pairs: z.array(z.object({ match: idSchema, a: idSchema, b: idSchema })),
    bye: idSchema.nullable(),
    relaxed: z.array(z.object({ constraint: z.string(), rule: z.string(), reason: z.string() })),
    /**
     * A duplicate Swiss round (TRN-MOVE-*: Dou Dizhu, Big Two) seats individual players at tables
     * of 3 or 4 instead of pairing two pairs (`pairs` is then empty): the ranking it read (best
     * first; round 1: the entry order, drawn by `seed`) and each table's players in seat order.
     */
    movement: z
      .object({
        seatsPerTable: z.int().min(3).max(4),
        tablesPerGroup: z.int().min(1),
        ranking: z.array(idSchema),
      })
      .optional(),
    tables: z.array(SeatedTableSchema).optional(),
    /**
     * TRN-MOVE-6: in an event of several sessions a round (`sessionsPerRound` > 1) each session (局)
     * is paired, published, dealt and played as its own stream round; this names the round (轮) and
     * the session it is. Absent: the round is one session.
     */
    session: z.object({ round, session: z.int().min(1) }).optional(),
  }),
});
export type RoundPaired = z.infer<typeof RoundPairedSchema>;

/** The pairing made public (the start of TRN-SWISS-9's 5-minute data-entry window). */
export const RoundPublishedSchema = z.object({
  type: z.literal('RoundPublished'),
  data: z.object({ round, publishedAt: z.iso.datetime() }),
});
export type RoundPublished = z.infer<typeof RoundPublishedSchema>;

/**
 * A pairing's match set at a table: `matchId` names the game match (its `match-<id>` stream). In a
 * best-of knockout round (TRN-KO-5 (b)) each game is its own match: `game` numbers them from 1, and
 * `extraDeal` marks the one-deal match played on top of a level deciding game.
 */
export const MatchAssignedSchema = z.object({
  type: z.literal('MatchAssigned'),
  data: z.object({
    round,
    match: idSchema,
    table: z.int().min(1),
    matchId: idSchema,
    game: z.int().min(1).optional(),
    extraDeal: z.boolean().optional(),
  }),
});
export type MatchAssigned = z.infer<typeof MatchAssignedSchema>;

/**
 * A duplicate round's board set for one comparison set (TRN-MP-1: Dou Dizhu's group, TRN-MOVE-3;
 * Big Two's whole round, `group` null), created when the round starts: each board's public
 * commitment, and the commitment to the seed every board's deal and salt are derived from. The
 * seed itself stays sealed with the set on the server until its boards are revealed, as a deal's
 * cards do: recording it here would publish every hand before it is played.
 */
export const RoundBoardSetCreatedSchema = z.object({
  type: z.literal('RoundBoardSetCreated'),
  data: z.object({
    round,
    group: z.int().min(1).nullable(),
    set: idSchema,
    /** sha256 of the set's seed, hex. */
    seedCommitment: z.string().regex(/^[0-9a-f]{64}$/),
    boards: z
      .array(
        z.object({ id: z.string().min(1).max(80), number: z.int().min(1), commitment: z.string().max(200) }),
      )
      .min(1)
      .max(100),
  }),
});
export type RoundBoardSetCreated = z.infer<typeof RoundBoardSetCreatedSchema>;

/**
 * A round's board set released for audit (TRN-MP-1): once every table that plays the set has its
 * result recorded, the seed its boards were derived from is published, so anyone can derive every
 * board's deal and salt again (HMAC-SHA256 of the seed, `apps/server/src/boards/round-board-seeds.ts`)
 * and check them against the commitments recorded before play (RoundBoardSetCreated). Never before:
 * the seed gives away every hand of the set.
 */
export const RoundBoardSeedReleasedSchema = z.object({
  type: z.literal('RoundBoardSeedReleased'),
  data: z.object({
    round,
    set: idSchema,
    /** The set's seed; sha256 of it is the set's `seedCommitment`. */
    seed: z.string().min(1).max(200),
    releasedAt: z.iso.datetime(),
  }),
});
export type RoundBoardSeedReleased = z.infer<typeof RoundBoardSeedReleasedSchema>;

/**
 * A duplicate board set at a table (TRN-MP-1, TRN-MOVE-*): `board` names the round's set
 * (RoundBoardSetCreated) whose boards the table plays, in order.
 */
export const BoardAssignedSchema = z.object({
  type: z.literal('BoardAssigned'),
  data: z.object({ round, board: z.string().min(1).max(64), table: z.int().min(1), matchId: idSchema }),
});
export type BoardAssigned = z.infer<typeof BoardAssignedSchema>;

const GameResultSchema = z.object({
  reason: z.string().max(120),
  rule: z.string().max(40).nullable(),
  winner: z.string().max(64).nullable(),
  sides: z.array(
    z.object({
      side: z.string().max(64),
      matchPoints: z.number(),
      score: z.number(),
      /** Where the side stood at the end, in the game's words (Guandan: its level); absent in older results. */
      standing: z.string().max(16).optional(),
    }),
  ),
  boards: z.array(
    z.object({
      board: z.string().max(64),
      deal: z.string().max(128).nullable(),
      scores: z.record(z.string(), z.number()),
      /** Each seat's own play time on the board in whole seconds, where the game times it (TRN-TB-4/5). */
      seconds: z.record(z.string(), z.int().min(0)).optional(),
    }),
  ),
});

const ScoredSchema = z.object({
  kind: z.enum(['played', 'forfeit', 'bye']),
  a: SideScoreSchema,
  b: SideScoreSchema.nullable(),
  forfeitedBy: idSchema.optional(),
});

/**
 * A pairing's result. `source` says where it came from: `game` (the game module's result when the
 * match ended, kept verbatim in `gameResult`), `forfeit` (TRN-SCORE-4 / TRN-SWISS-8 / TRN-WD-2) or
 * `bye`. `scored` is what the standings add up.
 */
export const ResultRecordedSchema = z.object({
  type: z.literal('ResultRecorded'),
  data: z.object({
    round,
    match: idSchema,
    source: z.enum(['game', 'forfeit', 'bye']),
    matchId: idSchema.nullable(),
    gameResult: GameResultSchema.nullable(),
    scored: ScoredSchema,
    recordedAt: z.iso.datetime(),
  }),
});
export type ResultRecorded = z.infer<typeof ResultRecordedSchema>;

/**
 * A duplicate table's result (TRN-MP-1): the game module's result when the match ended, verbatim
 * in `gameResult`, and each board's score per player, keyed by entrant, with the seat each played
 * it in. The standings compare a board only across its comparison set (the same deal, seat and,
 * for Dou Dizhu, group), so nothing is scored here: the standings are computed from the boards.
 */
export const TableResultRecordedSchema = z.object({
  type: z.literal('TableResultRecorded'),
  data: z.object({
    round,
    match: idSchema,
    matchId: idSchema,
    gameResult: GameResultSchema,
    /** The players by seat, with the game's seat id of each. */
    seats: z
      .array(z.object({ entrant: idSchema, seat: z.string().max(64) }))
      .min(3)
      .max(4),
    boards: z.array(
      z.object({
        /** The deal's commitment when duplicate (the same cards at every table), else the board number. */
        board: z.string().min(1).max(200),
        scores: z.record(z.string(), z.number()),
        /**
         * Each player's own play time on the board in whole seconds, keyed by entrant, for the time
         * steps of TRN-TB-4/5; absent where the game timed none (a result recorded before play time
         * was, counted 0 s).
         */
        seconds: z.record(z.string(), z.int().min(0)).optional(),
      }),
    ),
    recordedAt: z.iso.datetime(),
  }),
});
export type TableResultRecorded = z.infer<typeof TableResultRecordedSchema>;

/**
 * One game of a best-of knockout round (TRN-KO-5 (b)), or the extra deal played on top of a level
 * deciding game: who won it (null: level), with the game module's result verbatim. The pairing's
 * own result (ResultRecorded) follows once the games decide the round.
 */
export const KnockoutGameRecordedSchema = z.object({
  type: z.literal('KnockoutGameRecorded'),
  data: z.object({
    round,
    match: idSchema,
    game: z.int().min(1),
    extraDeal: z.boolean(),
    matchId: idSchema,
    winner: idSchema.nullable(),
    gameResult: GameResultSchema,
    recordedAt: z.iso.datetime(),
  }),
});
export type KnockoutGameRecorded = z.infer<typeof KnockoutGameRecordedSchema>;

/** TRN-SWISS-9: a scoring error raised at the table, or a data-entry error within its window. */
export const TournamentResultCorrectedSchema = z.object({
  type: z.literal('TournamentResultCorrected'),
  data: z.object({
    round,
    match: idSchema,
    /** 1 for the first correction of the match's result, and so on: the latest revision wins. */
    revision: z.int().min(1),
    kind: z.enum(['scoring', 'dataEntry']),
    reason: z.string().trim().min(1).max(500),
    scored: ScoredSchema,
    raisedAt: z.iso.datetime(),
  }),
});
export type TournamentResultCorrected = z.infer<typeof TournamentResultCorrectedSchema>;

/**
 * An arbiter's correction of one player's own play time on one board of a duplicate table's
 * recorded result (the time steps of TRN-TB-4/5): a timing fault, such as a clock left running
 * during an appeal, corrected without rewriting the TableResultRecorded. Within the data-entry
 * window of TRN-SWISS-9, by the arbiter only (DEC-T-3). The standings, their tie-break values and
 * the score sheets use the latest correction of each board and player.
 */
export const BoardTimeCorrectedSchema = z.object({
  type: z.literal('BoardTimeCorrected'),
  data: z.object({
    round,
    match: idSchema,
    /** The board as the table's result names it (its deal's commitment, or `<match>.b<n>`). */
    board: z.string().min(1).max(200),
    entrant: idSchema,
    /** The time in effect before this correction (as recorded, or as last corrected), for the audit. */
    fromSeconds: z.int().min(0),
    /** The corrected own play time on the board, in whole seconds. */
    seconds: z.int().min(0),
    reason: z.string().trim().min(1).max(500),
    /** Who corrected it: the arbiter's staff id. */
    arbiter: z.string().min(1).max(120),
    correctedAt: z.iso.datetime(),
  }),
});
export type BoardTimeCorrected = z.infer<typeof BoardTimeCorrectedSchema>;

/** TRN-EVT-2: the next stage starts with the pairs the last one sent on. */
export const StageAdvancedSchema = z.object({
  type: z.literal('StageAdvanced'),
  data: z.object({ fromStage: z.int().min(1), toStage: z.int().min(2), advancing: z.array(idSchema) }),
});
export type StageAdvanced = z.infer<typeof StageAdvancedSchema>;

export type TournamentEvent =
  | TournamentCreated
  | EntrantRegistered
  | EntrantLateEntered
  | EntrantWithdrawn
  | RoundPaired
  | RoundPublished
  | MatchAssigned
  | RoundBoardSetCreated
  | RoundBoardSeedReleased
  | BoardAssigned
  | KnockoutGameRecorded
  | ResultRecorded
  | TableResultRecorded
  | TournamentResultCorrected
  | BoardTimeCorrected
  | StageAdvanced;

// Pairings, results and standings are announced in the hall: public. Entrants' names are on the
// published pairing sheets anyway.
export const tournamentEvents = [
  defineEvent(TournamentCreatedSchema, { disclosure: 'public' }),
  defineEvent(EntrantRegisteredSchema, { disclosure: 'public' }),
  defineEvent(EntrantLateEnteredSchema, { disclosure: 'public' }),
  defineEvent(EntrantWithdrawnSchema, { disclosure: 'public' }),
  defineEvent(RoundPairedSchema, { disclosure: 'public' }),
  defineEvent(RoundPublishedSchema, { disclosure: 'public' }),
  defineEvent(MatchAssignedSchema, { disclosure: 'public' }),
  defineEvent(RoundBoardSetCreatedSchema, { disclosure: 'public' }),
  // Written only once the set's tables have all played it: then the seed reveals nothing in play.
  defineEvent(RoundBoardSeedReleasedSchema, { disclosure: 'public' }),
  defineEvent(BoardAssignedSchema, { disclosure: 'public' }),
  defineEvent(KnockoutGameRecordedSchema, { disclosure: 'public' }),
  defineEvent(ResultRecordedSchema, { disclosure: 'public' }),
  defineEvent(TableResultRecordedSchema, { disclosure: 'public' }),
  defineEvent(TournamentResultCorrectedSchema, { disclosure: 'public' }),
  defineEvent(BoardTimeCorrectedSchema, { disclosure: 'public' }),
  defineEvent(StageAdvancedSchema, { disclosure: 'public' }),
] as const;
