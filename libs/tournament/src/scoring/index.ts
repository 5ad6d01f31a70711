export { correctionAllowed, DATA_ENTRY_WINDOW_MS } from './corrections';
export { byeScore, forfeitScore, withdrawalForfeitScore, type AwardedScore } from './forfeits';
export { isLevel, levelIndex, levelPoints26, LEVELS, type Level, type PointsPair } from './levels';
export { scoreGame, type LevelInput } from './match-points';
export { byeResult, forfeitResult, playedResult, type ResultKey } from './record';
export type { ResultKind, RuleError, Ruleset, ScoredResult, Side, SideScore } from './result';
export { table2023Row, TABLE_2023, type Table2023Row } from './table-2023';
export { tenthsToString } from './tenths';
export {
  applyWithdrawals,
  type WithdrawalSchedule,
  type Withdrawal,
  type WithdrawalContext,
  type WithdrawalEffect,
} from './withdrawal';
