/** Each game as the server's command path takes it from clients (its wire forms and command roles). */
export {
  KEYING_CORRECTION_COMMANDS,
  isKeyingCorrectionType,
  type CommandRequest,
  type CommandRole,
  type CreateRequest,
  type GameWire,
  type ParseInput,
  type ServerSupplied,
} from './game-wire';
export { moduleWire, type ModuleWireOptions } from './module-wire';
export { DEFAULT_GAME, gameWire, gameWires } from './wires';
export type { TournamentMatchBody, TournamentMatchBuilder, TournamentTableInput } from './tournament-match';
