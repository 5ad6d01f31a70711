// @tablecast/bigtwo: the Big Two (竞技锄大地) rules engine. The barrel is the only import target of this library.
export const BIGTWO_GAME = 'bigtwo' as const;
// Cards, combinations, comparison, legal plays and scoring (the pure card logic).
export { B2_RANKS, B2_SUITS, bigTwoDeck, cardValue, compareBigTwoFaces } from './cards';
export {
  B2_COMBO_TYPES,
  BigTwoRulesSchema,
  DEC_B2_2_CARD_POINTS,
  DEFAULT_BIGTWO_RULES,
  b2ReadingKey,
  beats,
  classify,
  hasLegalPlay,
  legalPlays,
  sameB2Reading,
  type B2ComboType,
  type B2Play,
  type B2Reading,
  type BigTwoRules,
} from './combos';
export {
  cardPoints,
  playerFactor,
  scoreBoard,
  type B2PlayerResult,
  type B2Score,
  type B2ScoreInput,
} from './scoring';
export {
  BIGTWO_DECISIONS,
  BIGTWO_RULES,
  BIGTWO_RULE_CATALOG,
  BIGTWO_SOURCES,
  catalogIds,
  type CatalogEntry,
  type RuleCatalog,
  type SourceDocument,
} from './rule-catalog';
export { answerBigTwoOracleLine, type B2OracleResponse } from './oracle/oracle';
export { B2OracleRequestSchema, B2ReadingSchema, type B2OracleRequest } from './oracle/requests';

// Engine, events, module and simulation (the game module side).
export {
  BigTwoEventSchema,
  bigtwoEventSchemas,
  bigtwoEventTypes,
  type B2EventOf,
  type BigTwoEvent,
  type BigTwoEventType,
} from './events/catalog';
export {
  BigTwoRulesetSchema,
  BroadcastHoldSchema,
  DuplicateRevealSchema,
  b2Cga2017,
  bigtwoRulesetOf,
  type BigTwoRuleset,
  type BroadcastHold,
  type DuplicateReveal,
} from './events/match-events';
export {
  BIGTWO_FACES,
  SEATS as B2_SEATS,
  SeatSchema as B2SeatSchema,
  nextSeat as b2NextSeat,
  previousSeat as b2PreviousSeat,
  type Seat as B2Seat,
} from './events/primitives';
export type {
  BigTwoCommand,
  PlayReading as B2PlayReading,
  TimeoutStamp as B2TimeoutStamp,
} from './engine/commands';
export { decideBigTwo } from './engine/decide';
export { evolveBigTwo } from './engine/evolve';
export { replayBigTwo } from './engine/replay';
export { replayChecked as replayCheckedBigTwo, type B2ReplayResult } from './engine/replay-checked';
export { initialBigTwoState, matchTotals as b2MatchTotals, type BigTwoState } from './engine/state';
export {
  timeoutDefault as b2TimeoutDefault,
  turnClock as b2TurnClock,
  type B2TurnClock,
} from './engine/clock';
export { legalPlaysNow as b2LegalPlaysNow } from './engine/legal';
export type { B2RuleViolation } from './engine/violation';
export type { B2Decision } from './engine/emitter';
export {
  boardOrder as b2BoardOrder,
  dealCommitment as b2DealCommitment,
  dealOut as b2DealOut,
} from './engine/deal';
export { bigtwoModule } from './module/bigtwo-module';
export { BigTwoCommandSchema, BigTwoSetupSchema, type BigTwoSetup } from './module/command-schema';
export { bigtwoSeatChoices, type B2SeatChoices } from './module/seat-choices';
export type { BigTwoView, BigTwoSeatView, BigTwoBoardView } from './view';
export { playRandomB2Boards, type B2PlayoutOptions, type B2PlayoutResult } from './sim/playout';
export { randomLegalB2Command } from './sim/random-bot';
export { bigtwoSeatBotCommand } from './sim/seat-bot';
