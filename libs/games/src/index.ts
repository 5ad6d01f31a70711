// @tablecast/games: the registry of game modules (game id -> module) and the catalog of their events.
// The only generic package that knows which games exist.
export { GAMES, UnknownGameError, gameModule, gameRegistry, isGameId } from './registry';
export { buildGameEventCatalog, type GameCatalogEntry, type GameEventCatalog } from './event-catalog';
export { doudizhuFeed, feedGame, guandanFeed, type GuandanFeedFacts } from './feeds';
export { matchLogCatalog } from './match-log-catalog';
export type { GameStates } from './game-states';
export { rulesOracle, type RulesOracle } from './oracles';
export { gameArbitration, type GameArbitration, type Redecided, type RemedyRefused } from './arbitration';
export {
  DEFAULT_GAME,
  KEYING_CORRECTION_COMMANDS,
  gameWire,
  gameWires,
  isKeyingCorrectionType,
  moduleWire,
  type CommandRequest,
  type CommandRole,
  type CreateRequest,
  type GameWire,
  type ModuleWireOptions,
  type ParseInput,
  type ServerSupplied,
} from './server';
