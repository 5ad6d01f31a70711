// @tablecast/simulation: bots play matches of any game through the server's command path (a port
// the server fills with its match service), with the game's invariants checked after every event.
// A game brings its bots and invariants as a SimulatedGame (the registry, libs/games, has them).
export { BOT_PRINCIPAL, type MatchCommands, type StaffPrincipal } from './match-commands';
export { pause, playMatch, type PlayOptions } from './play-match';
export type { InvariantCheck, SimulatedGame, SimulatedMatchSetup } from './simulated-game';
export { simulate, type SimulationOptions, type SimulationReport } from './simulate';
export type { SimulateMessage, SimulateRequest } from './simulate-messages';
