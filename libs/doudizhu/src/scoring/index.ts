export {
  DEFAULT_RANKING_POINTS,
  boardStandings,
  rankingPoints,
  roundStandings,
  type BoardStanding,
  type RoundEntry,
  type RoundStanding,
} from './matchpoints';
export {
  defenderFactors,
  scoreBoard,
  type DdzDefenderFactors,
  type DdzScore,
  type DdzScoreInput,
} from './score';
