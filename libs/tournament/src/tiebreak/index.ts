export {
  compareValues,
  rankByChain,
  type Chain,
  type ChainStep,
  type FinalStep,
  type Ranked,
  type StepResult,
} from './chain';
export type { Contribution, StepExplanation, StepValue, TiedRun } from './explanation';
export { tb1Chain } from './guandan-000';
export { tb2Chain, type Tb2Options } from './guandan-003';
export { knockout004Winner, type KnockoutSide } from './knockout-004';
export { outcome, type PairRecord, type RoundRecord } from './pair-record';
export { hasTiebreakStepLabel, tiebreakStepLabel, type StepLabel } from './step-labels';
