// @tablecast/game-kit/testing: the game-module conformance suite (vitest), for every game's spec.
export {
  conformanceChecks,
  conformanceContext,
  describeGameModuleConformance,
  type ConformanceCheck,
  type ConformanceContext,
} from './conformance';
export type { ConformanceSamples, SampleMatch, SampleStep } from './conformance-samples';
export { stringsIn, traceMatch, type TracedMatch, type TracedStep } from './trace';
export { decisionsNamedIn, idsNamedIn, specFiles, testTitles } from './rules-coverage';
export { checkRandomMatch, type RandomMatchReplays, type RandomMatchResult } from './random-match';
