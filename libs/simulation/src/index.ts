// @tablecast/simulation: bots play Guandan matches through the server's command path (a port the
// server fills with its match service), and the invariants checked after every event. The bots
// and invariants are Guandan's, so no generic library builds on this one.
export {
  BOT_PRINCIPAL,
  DEFAULT_PLAYERS,
  DEFAULT_TEAMS,
  botCommand,
  driveMatch,
  toClientCommand,
  type DriveOptions,
} from './bot-driver';
export { InvariantChecker } from './invariants';
export type { MatchCommands, StaffPrincipal } from './match-commands';
export { simulate, type SimulationOptions, type SimulationReport } from './simulate';
export type { SimulateMessage, SimulateRequest } from './simulate-messages';
