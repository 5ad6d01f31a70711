// @tablecast/guandan: the Guandan rules engine. The barrel is the only import target of this library.
export {
  GuandanEventSchema,
  guandanEventSchemas,
  guandanEventTypes,
  type EventOf,
  type GuandanEvent,
  type GuandanEventType,
} from './events/catalog';
export { isGuandanEvent } from './events/is-guandan-event';
export {
  MatchCreatedSchema as GuandanMatchCreatedSchema,
  MatchFormatSchema,
  type MatchFormat,
} from './events/match-events';
export { CardIdSchema, FaceSchema, ReadingSchema, SeatSchema, TeamSchema } from './events/primitives';
export {
  RULESETS,
  RULESET_NAMES,
  RulesetSchema,
  cesa2023,
  cga2017,
  house004,
  type Ruleset,
  type RulesetName,
} from './ruleset/ruleset';
export {
  PenaltyEscalationSchema,
  PenaltyLadderSchema,
  type PenaltyEscalation,
  type PenaltyLadder,
} from './ruleset/escalation';
export { appealAnswerDue, appealInTime } from './ruleset/appeals';
export { COMBO_NAMES_ZH, readingNameZh } from './model/reading-names';
export {
  COMBO_TYPES,
  isBombClass,
  readingKey,
  sameReading,
  type ComboType,
  type Reading,
} from './model/reading';
export {
  SEATS,
  TEAMS,
  countFrom,
  nextSeat,
  otherTeam,
  partnerOf,
  previousSeat,
  seatsOf,
  teamOf,
  type Seat,
  type Team,
} from './model/seats';
export { ACE_LEVEL, PAST_ACE, levelName, levelRank } from './model/levels';
export {
  DEFAULT_COMBO_RULES,
  beats,
  classify,
  forEachLegalPlay,
  hasLegalPlay,
  legalPlays,
  legalPlaysOfType,
  rankPower,
  type ComboRules,
  type Play,
  type PlayVisitor,
} from './combos';
export type {
  AwardLevels,
  BanExposedType,
  CallTime,
  ChooseReturn,
  CreateMatch,
  DealCards,
  DesignateLeader,
  ForfeitMatch,
  GiveTribute,
  GuandanCommand,
  IssuePenalty,
  PenalizeOutOfTurnPlay,
  ReportThinkingTime,
  Pass,
  PlayCards,
  RecordLateArrival,
  RecordShownCard,
  RuleWrongLead,
  ResistTribute,
  ReturnTribute,
} from './engine/commands';
export { decide, decideFolded } from './engine/decide';
export type { Decision, FoldedDecision } from './engine/emitter';
export { evolve } from './engine/evolve';
export { replay, type ReplayResult } from './engine/replay';
export { levelPoints, scoreBye, scoreForfeit, scoreMatch, type MatchScore } from './engine/scoring';
export {
  initialState,
  type HandState,
  type LastHand,
  type MatchState,
  type PerSeat,
  type PerTeam,
  type TrickState,
} from './engine/state';
export { isViolation, violation, type RuleViolation } from './engine/violation';
export { physical, randomLegalCommand } from './sim/random-bot';
export { seatTributeMove, tributersInView } from './sim/seat-tribute';
export { guandanSeatBotCommand } from './sim/seat-bot';
export { playRandomMatch, type PlayoutOptions, type PlayoutResult, type PlayoutStep } from './sim/playout';
export { answerOracleLine, type OracleResponse } from './oracle/oracle';
export { OracleRequestSchema, type OracleRequest } from './oracle/requests';
export {
  GUANDAN_RULE_CATALOG,
  RULE_CATALOGS,
  catalogIds,
  type CatalogEntry,
  type RuleCatalog,
  type SourceDocument,
} from './rule-catalog';
export { guandanModule } from './module/guandan-module';
export { GuandanCommandSchema, GuandanSetupSchema, type GuandanSetup } from './module/command-schema';
export type { GuandanHandView, GuandanSeatView, GuandanView } from './module/view';
