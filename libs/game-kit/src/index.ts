// @tablecast/game-kit: the contract between the platform and a game (the GameModule), and the few
// pure functions every consumer of a game shares. No framework, no I/O, no game.
export { isViolation, violation, type Decision, type FoldedDecision, type RuleViolation } from './decision';
export type { GameEvent, RevisionedEvent } from './game-event';
export {
  defineGameEvent,
  disclosureClasses,
  type DisclosureClass,
  type EventSchema,
  type GameEventDefinition,
  type PastEventVersion,
} from './disclosure';
export { ruleVocabulary, type RuleVocabulary } from './rules';
export { catalogIds, type CatalogEntry, type RuleCatalog, type SourceDocument } from './rule-catalog';
export type { BoardResult, MatchResult, Side, SideResult } from './result';
export { wholeSeconds } from './result';
export { playSeconds, type PlaySeconds } from './play-seconds';
export type { MomentKind, OnAirMoment } from './moments';
export type {
  AnyGameModule,
  EventOf,
  GameCommand,
  GameModule,
  GameViewBase,
  Secret,
  StateOf,
  TurnClockDue,
} from './module';
export { BROADCAST, STAFF, VENUE, maySee, seatViewer, seesEverything, type Viewer } from './viewer';
export { CORRECTION_EVENT_TYPES, effectiveEvents, isCorrectionEvent, needsRefold } from './corrections';
export {
  extendFold,
  foldMatch,
  gameEventsInEffect,
  isGameEvent,
  type FoldVisitor,
  type ForeignVisitor,
} from './fold';
export { broadcastHoldOf, discloseEvent, eventDefinition, liftedHoldOf } from './disclose';
export type { DealAudit, DuplicateBoards, SetBoard } from './duplicate-boards';
export {
  MATCH_CREATED,
  MatchCreatedDataSchema,
  gameOfMatch,
  type MatchCreatedEvent,
  type MatchCreatedData,
} from './match-created';
export { sameJson } from './replay/same-json';
export { replayChecked, type CheckedReplayEngine, type CheckedReplayResult } from './replay/replay-checked';
export * from './penalties';
export { answerOracleJsonLine, oracleReplayAnswer, type OracleAnswer } from './oracle-line';
export { staleTimeout, type TimeoutStamp } from './stale-timeout';
export {
  timedTurn,
  turnClockDue,
  withDeadline,
  type RunningTurnClock,
  type SeatTurnClock,
  type TimedTurn,
} from './turn-clock';
export * from './boards';
export { DecisionEmitter } from './decision-emitter';
