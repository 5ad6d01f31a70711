export {
  decideTournament,
  TOURNAMENT_STATE_RULE,
  TOURNAMENT_UNKNOWN_RULE,
  type TournamentCommand,
} from './decide';
export { bestOfGamesWon } from './knockout-games';
export { knockoutField, knockoutMatchId, knockoutWinner, resolveStage } from './knockout-pair';
export { projectTournament, TournamentProjection } from './projection';
export {
  evolveTournament,
  initialTournamentState,
  scoredResults,
  type EntrantState,
  type KnockoutGameState,
  type PairingState,
  type ResultState,
  type RoundBoardSetState,
  type RoundState,
  type SeatedTableState,
  type TableResultState,
  type TournamentState,
} from './state';
export { TournamentStandingsFold, tournamentOfStream, type LoggedEvent } from './standings-fold';
export { pairTableRound, type TablePairing } from './table-pair';
export {
  movementOptions,
  roundLabel,
  sessionAt,
  sessionsPerRound,
  streamRoundsOf,
  type RoundSession,
} from './table-sessions';
export {
  nextSession,
  sessionPlayed,
  standingsAfterRoundSession,
  streamRoundOfSession,
  type RoundSessionStandings,
} from './session-progress';
export { DUPLICATE_SEATS, isDuplicateGame } from './table-game';
export { recordTableResult, type TableRecording } from './table-result';
export { duplicateEventStandings, standingsAfterSession, tableBoardResults } from './table-standings';
export {
  boardSetPlayed,
  boardsPerRound,
  COMPARED_WITHIN_GROUP,
  DEFAULT_BOARDS_PER_ROUND,
  roundBoardSetId,
  roundBoardSets,
  type PlannedBoardSet,
} from './table-boards';
