// Rulings and appeals, shared by the games whose arbiters rule the same way (Dou Dizhu, Big Two).
export {
  SANCTIONS,
  rulingEventSchemas,
  type AppealDecidedData,
  type AppealLodgedData,
  type PenaltyIssuedData,
  type RulingEvent,
  type Sanction,
} from './penalty-events';
export type { DecideAppeal, IssuePenalty, LodgeAppeal, RulingCommand } from './ruling-commands';
export {
  foldRuling,
  standingDeductions,
  type AppealRecord,
  type PenaltyRecord,
  type RulingLedger,
} from './ruling-ledger';
export {
  decideAppeal,
  decideIssuePenalty,
  decideLodgeAppeal,
  type RulingRules,
  type RulingState,
} from './decide-ruling';
export { rulingCommandFor } from './ruling-command-for';
export { commandEnvelope } from './command-envelope';
export { penaltiesView, type PenaltyView } from './penalty-view';
