// @tablecast/projections: the read models folded from the log (each match's state, its game's
// board and its timeline in their own SQLite file) and their rebuild from position 0. Any game's
// match folds through its module; a game's own read models (Guandan's level scoreboard, its
// printed record) are the game's, in the registry (libs/games), plugged in as a ReadModelGame.
export {
  ProjectionDb,
  ProjectionsFencedError,
  PROJECTIONS_FILE_NAME,
  PROJECTIONS_SCHEMA_VERSION,
} from './projection-db';
export {
  MatchProjection,
  type ListedMatch,
  type MatchReadModel,
  type TimelineEntry,
} from './match-projection';
export type { ReadModelGame, ReadModelGames } from './read-model-game';
export { ReadModelTables, type HeadRow, type StateRow, type TimelineRow } from './read-model-tables';
export { STATE_WRITE_EVENTS, STATE_WRITE_MS } from './state-writes';
export { ArbitrationIndex, arbitrationFactOf, type ArbitrationFact } from './arbitration-index';
export { rebuildProjections } from './rebuild';
export { TournamentStandingsTable, type TournamentStandingsRecord } from './tournament-standings-table';
