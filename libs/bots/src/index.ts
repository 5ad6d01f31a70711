// @tablecast/bots: seat players for simulations and the demo final, Guandan's driver of one match
// through the match service, its invariants, and Guandan as the simulation plays it. The barrel is
// the only import target.
export { sensibleCommand } from './sensible-bot';
export { playCost, playPower } from './play-choice';
export {
  DEFAULT_PLAYERS,
  DEFAULT_TEAMS,
  botCommand,
  driveMatch,
  toClientCommand,
  type DriveOptions,
  type GuandanMatchCommands,
} from './bot-driver';
export { InvariantChecker } from './invariants';
export { guandanSimulation, parseGuandanFormat } from './guandan-simulation';
