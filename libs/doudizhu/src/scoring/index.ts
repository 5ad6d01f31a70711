export {
  defenderFactors,
  scoreBoard,
  type DdzDefenderFactors,
  type DdzScore,
  type DdzScoreInput,
} from './score';
