// @tablecast/tournament: formats, pairings, scoring tables, tie-breaks and duplicate scoring for
// events around a match (the TRN-* rules). Game-neutral: a game's result reaches it through the
// game-kit contract. The barrel is the only import target of this library.
export const TOURNAMENT_RULES_PREFIX = 'TRN' as const;
// Formats, pairing, movement and the oracle (TRN-RR, TRN-KO, TRN-SWISS, TRN-MOVE, TRN-WD).
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
export { DEFAULT_SWISS_OPTIONS, type SwissOptions } from './pairing/swiss-options';
export { defineOp, type OracleAnswer, type OracleOp } from './oracle/op';
export { answerTournamentOracleLine } from './oracle/oracle';
export { TOURNAMENT_ORACLE_OPS } from './oracle/ops';

// Scoring, tie-breaks, duplicate matchpoints and standings (TRN-SCORE, TRN-TB, TRN-MP, TRN-WD).
export * from './scoring';
export * from './tiebreak';
export * from './standings';
export * from './duplicate';
