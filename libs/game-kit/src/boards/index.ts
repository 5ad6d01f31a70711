// What seated games played in boards (Dou Dizhu, Big Two) record and replay alike: the match and
// board commands, the events they read back from, and the ruleset's duplicate-board fields.
export type {
  ChooseDouble,
  CreateMatch,
  DealBoard,
  EndMatch,
  LiftBoardHold,
  Pass,
  RevealBoard,
  Timed,
} from './board-commands';
export {
  boardCommandFor,
  dealtAhead,
  timeoutStamp,
  type BoardCommand,
  type BoardEvent,
  type DealtAhead,
} from './board-command-for';
export {
  BroadcastHoldSchema,
  DUPLICATE_RULESET_DEFAULTS,
  DuplicateRevealSchema,
  rulesetAsGiven,
  withDuplicateDefaults,
  type BroadcastHold,
  type DuplicateReveal,
  type DuplicateRulesetFields,
} from './duplicate-ruleset';
export { BoardHoldLiftedSchema, matchEndedSchema, seatedPlayEventSchemas } from './board-events';
export {
  playBoards,
  type PlayoutCommand,
  type PlayoutEngine,
  type PlayoutPlan,
  type PlayoutResult,
  type PlayoutStep,
} from './board-playout';
export { boardCommandSchemas } from './board-command-schemas';
export { BOARD_DISCLOSURES } from './board-disclosures';
export { cardNotHeld } from './cards-held';
