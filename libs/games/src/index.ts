// @tablecast/games: the registry of game modules (game id -> module) and the catalog of their events.
// The only generic package that knows which games exist.
export { GAMES, UnknownGameError, gameModule, gameRegistry, isGameId } from './registry';
export { buildGameEventCatalog, type GameCatalogEntry, type GameEventCatalog } from './event-catalog';
export {
  bigtwoFeed,
  bigtwoFeedOf,
  doudizhuFeed,
  doudizhuFeedOf,
  feedGame,
  guandanFeed,
  type BigTwoFeedView,
  type DoudizhuFeedView,
  type GuandanFeedFacts,
} from './feeds';
export { matchLogCatalog } from './match-log-catalog';
export { commentaryExtras } from './commentary';
export { tablecastCatalog } from './catalog/tablecast-catalog';
export { isGuandanMatchCreated } from './catalog/guandan-events';
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
  type TournamentMatchBody,
  type TournamentMatchBuilder,
  type TournamentTableInput,
} from './server';
export { SIMULATED_GAMES, ddzInvariants, simulatedGame } from './simulation';
export { readModelGame } from './read-models';
export {
  guandanReadModel,
  isGuandanReadModel,
  type GuandanReadModel,
} from './guandan/read-models/guandan-read-model';
export { matchNamesOf } from './guandan/read-models/match-names';
export { evolveScoreboard, type Scoreboard, type ScoreboardHand } from './guandan/read-models/scoreboard';
export {
  applyResultCorrection,
  type CorrectedScoreboard,
} from './guandan/read-models/scoreboard-corrections';
export { scoreboardFromLog } from './guandan/read-models/scoreboard-from-log';
export { matchRecordHtml, type MatchRecordInput } from './guandan/read-models/match-record-html';
export { recordHtmlFromExport } from './guandan/read-models/record-from-export';
