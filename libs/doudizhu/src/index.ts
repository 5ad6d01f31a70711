// @tablecast/doudizhu: the Dou Dizhu (竞技二打一) rules engine. The barrel is the only import target of this library,
// beside ./view (view.ts), the view types an overlay may import.
export const DOUDIZHU_GAME = 'doudizhu' as const;
export {
  DDZ_COMBO_TYPES,
  ROCKET_READING,
  beats,
  classify,
  classifyCounts,
  ddzLegalPlays,
  ddzReadingKey,
  forEachDdzLegalPlay,
  hasDdzLegalPlay,
  isBombOrRocket,
  sameDdzReading,
  type DdzComboType,
  type DdzPlay,
  type DdzPlayVisitor,
  type DdzReading,
} from './combos';
export {
  DEFAULT_RANKING_POINTS,
  boardStandings,
  defenderFactors,
  rankingPoints,
  roundStandings,
  scoreBoard,
  type BoardStanding,
  type RoundEntry,
  type RoundStanding,
  type DdzDefenderFactors,
  type DdzScore,
  type DdzScoreInput,
} from './scoring';
export {
  DOUDIZHU_DECISIONS,
  DOUDIZHU_RULES,
  DOUDIZHU_RULE_CATALOG,
  DOUDIZHU_SOURCES,
  catalogIds,
  type CatalogEntry,
  type RuleCatalog,
  type SourceDocument,
} from './rule-catalog';
export { answerDoudizhuOracleLine, type DdzOracleResponse } from './oracle/oracle';
export { DdzOracleRequestSchema, DdzReadingSchema, type DdzOracleRequest } from './oracle/requests';
export {
  DoudizhuEventSchema,
  DOUDIZHU_DISCLOSURE,
  doudizhuEventSchemas,
  doudizhuEventTypes,
  type DdzEventOf,
  type DoudizhuEvent,
  type DoudizhuEventType,
} from './events/catalog';
export {
  BroadcastHoldSchema,
  DoudizhuRulesetSchema,
  DuplicateRevealSchema,
  ddzCga2017,
  doudizhuRulesetOf,
  type BroadcastHold,
  type DoudizhuRuleset,
  type DuplicateReveal,
} from './events/match-events';
export {
  BidSchema,
  CardSchema,
  PlayReadingSchema,
  SEATS as DDZ_SEATS,
  SeatSchema as DdzSeatSchema,
  defendersOf,
  type Bid,
  type Seat as DdzSeat,
} from './events/primitives';
export type { DoudizhuCommand, PlayReading, TimeoutStamp } from './engine/commands';
export { decideDoudizhu } from './engine/decide';
export { evolveDoudizhu } from './engine/evolve';
export { replayDoudizhu } from './engine/replay';
export { replayChecked, type DdzReplayResult } from './engine/replay-checked';
export { initialDoudizhuState, matchTotals, type DoudizhuState } from './engine/state';
export { timeoutDefault, turnClock, type TurnClock } from './engine/clock';
export type { DdzRuleViolation } from './engine/violation';
export type { DdzDecision } from './engine/emitter';
export { playRandomBoards, type DdzPlayoutOptions, type DdzPlayoutResult } from './sim/playout';
export { doudizhuModule } from './module/doudizhu-module';
export { DoudizhuCommandSchema, DoudizhuSetupSchema, type DoudizhuSetup } from './module/command-schema';
export type { DoudizhuView } from './module/view';
export { seatChoices, type SeatChoices } from './module/seat-choices';
export { randomLegalCommand as randomLegalDdzCommand } from './sim/random-bot';
export { seatBotCommand, seatsToAct } from './sim/seat-bot';
export { auditBoardDeals, boardOrder, dealCommitment, dealOut, type DealAudit } from './engine/deal';
