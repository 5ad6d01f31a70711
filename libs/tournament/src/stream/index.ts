export {
  decideTournament,
  TOURNAMENT_STATE_RULE,
  TOURNAMENT_UNKNOWN_RULE,
  type TournamentCommand,
} from './decide';
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
  type RoundState,
  type TournamentState,
} from './state';
export { TournamentStandingsFold, tournamentOfStream, type LoggedEvent } from './standings-fold';
