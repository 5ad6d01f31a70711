export {
  cardPoints,
  playerFactor,
  scoreBoard,
  type B2PlayerResult,
  type B2Score,
  type B2ScoreInput,
} from './score';
