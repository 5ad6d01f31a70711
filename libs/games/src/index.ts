// @tablecast/games: the registry of game modules (game id -> module) and the catalog of their events.
// The only generic package that knows which games exist.
export { GAMES, UnknownGameError, gameModule, gameRegistry, isGameId } from './registry';
export { buildGameEventCatalog, type GameCatalogEntry, type GameEventCatalog } from './event-catalog';
export {
  doudizhuFeed,
  doudizhuFeedOf,
  feedGame,
  guandanFeed,
  type DoudizhuFeedView,
  type GuandanFeedFacts,
} from './feeds';
export { matchLogCatalog } from './match-log-catalog';
