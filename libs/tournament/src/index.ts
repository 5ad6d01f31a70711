// @tablecast/tournament: formats, pairings, scoring tables, tie-breaks and duplicate scoring for
// events around a match (the TRN-* rules). Game-neutral: a game's result reaches it through the
// game-kit contract. The barrel is the only import target of this library.
export const TOURNAMENT_RULES_PREFIX = 'TRN' as const;
// Formats, pairing, movement and the oracle (TRN-RR, TRN-KO, TRN-SWISS, TRN-MOVE, TRN-WD).
export {
  BYE,
  knockoutResultProblem,
  resolveBracket,
  type Bracket,
  type BracketMatch,
  type ResolvedMatch,
  type Side,
  type Slot,
  withdrawFromBracket,
} from './formats/bracket';
export { doubleElimination, type DoubleEliminationOptions } from './formats/double-elimination';
export { bracketLines, bracketSize, singleKnockout, type SingleKnockoutOptions } from './formats/knockout';
export {
  decide004Timeout,
  decideByLevelPoints,
  decideByMatchPoints,
  forfeitsForLateness,
  type KnockoutDecision,
  type LevelPointsGame,
  type MatchPointsGame,
  type TimeoutSide,
} from './formats/knockout-deciders';
export {
  eliminateLowest,
  eliminationUnitOf,
  swissThenKnockout,
  type EliminationUnit,
} from './formats/stages';
export {
  roundRobinAfterEarlyWithdrawal,
  swissShouldFillToEven,
  withdrawalAfterStart,
  WITHDRAWAL_FORFEIT,
  type CancelledOpponentsPoints,
  type WithdrawalEffect,
} from './formats/withdrawal';
export { EventFormatSchema, eventVenue, type EventFormat } from './formats/event';
export { groupRoundRobin, type RoundRobinGroup } from './formats/group-round-robin';
export {
  bergerSchedule,
  doubleRoundRobin,
  fixedRotationSchedule,
  singleRoundRobin,
  type ScheduledMatch,
  type ScheduledRound,
  type ScheduleMethod,
} from './formats/round-robin';
export { drawByLot } from './pairing/draw';
export {
  pairSwissRound,
  type Relaxation,
  type SwissConstraint,
  type SwissEntrant,
  type SwissPairing,
  type SwissRoundInput,
} from './pairing/swiss';
export {
  award003,
  entry003Problem,
  EVENT_003,
  masterPointPlaces,
  swissCorrectionAllowed,
  swissExtraDealDue,
  type CorrectionVerdict,
} from './pairing/swiss-event';
export { DEFAULT_SWISS_OPTIONS, type SwissOptions } from './pairing/swiss-options';
export {
  DEFAULT_MOVEMENT_OPTIONS,
  firstRoundMovement,
  movesAfter,
  playerNumbers,
  snakeMovement,
  snakeSeat,
  type MovementField,
  type MovementOptions,
  type Seating,
  type SeatsPerTable,
} from './movement/snake';
export { defineOp, type OracleAnswer, type OracleOp } from './oracle/op';
export { answerTournamentOracleLine } from './oracle/oracle';
export { TOURNAMENT_ORACLE_OPS } from './oracle/ops';

// Scoring, tie-breaks, duplicate matchpoints and standings (TRN-SCORE, TRN-TB, TRN-MP, TRN-WD).
export * from './scoring';
export * from './tiebreak';
export * from './standings';
export * from './duplicate';
// The tournament stream: its decider, state and standings projection (TRN-* over events).
export * from './stream';
