export { duplicateChain, type DuplicatePlayer } from './duplicate-chains';
export {
  duplicateStandings,
  type BoardLine,
  type DuplicateGame,
  type DuplicateOptions,
  type DuplicateResult,
  type DuplicateRow,
} from './duplicate-standings';
export { boardMatchpoints, twoPlaces, type BoardMatchpoints, type MatchpointOptions } from './matchpoints';
export { DEFAULT_RANKING_POINTS, rankingPoints, type RankingPointsSchedule } from './ranking-points';
export { rankRoundTotals, type RoundTotalsEntry, type RoundTotalsRow } from './round-totals';
